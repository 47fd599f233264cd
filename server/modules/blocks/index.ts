// Blocking (issue 32): who blocked whom. Conversations refuse messages between the two either way;
// comments hide a blocked person's new comments on the blocker's posts from the blocker (blockedBefore).
export { blockedAmong, blockedBefore, forgetBlocksBy, hasBlockedAnyone, isBlockedEitherWay } from './repo';
export { blockRoutes } from './routes';
