// The conversations feature's public face (issue 32): 'Message seller' for a post, the inbox and a
// thread for their screens, the header's unread count, and the live connection the layout holds.

export { Inbox } from './components/inbox';
export { LiveConnection } from './components/live-connection';
export { MessageSeller } from './components/message-seller';
export { ConversationThread } from './components/thread';
export { MessagesNavLink, MessagesShortcut } from './components/unread-badge';
