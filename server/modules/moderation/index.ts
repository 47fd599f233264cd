// The moderators' part of trust and safety (issue 11): the review queue, decisions on posts, comments
// and accounts, and the audit log. The state changes themselves are the safety module's.
export { moderationRoutes } from './routes';
