// Blocking (issue 32): who blocked whom. Conversations refuse messages between the two either way.
export { blockedAmong, isBlockedEitherWay } from './repo';
export { blockRoutes } from './routes';
