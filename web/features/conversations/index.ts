// The conversations feature's public face (issue 32): 'Message seller' for a post, the inbox and a
// thread for their screens, the header's unread count, and the live connection the layout holds. The
// unread counts (messages and notifications) and the stream are read by notifications (issue 33) too.

export { setUnreadCounts, type UnreadCounts, useUnreadCounts } from './api';
export { Inbox } from './components/inbox';
export { LiveConnection } from './components/live-connection';
export { MessageSeller } from './components/message-seller';
export { ConversationThread } from './components/thread';
export { MessagesNavLink, MessagesShortcut, UnreadCountBadge } from './components/unread-badge';
export type { LiveListener } from './live';
