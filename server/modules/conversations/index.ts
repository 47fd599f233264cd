// Conversations between buyer and seller about a post (issue 32): the calls, and for trust and safety a
// message found for a report or a decision and its state changed (message-state.ts), and the messages
// a moderator reads around a reported one; what a conversation keeps of a post being deleted.
export { type LockedMessage, lockMessageFor, setMessageState } from './message-state';
export { keepPostDetails, messagesBefore, messagesForReview } from './repo';
export { conversationRoutes } from './routes';
