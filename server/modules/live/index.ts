// Live events (issue 32, decision 040): each user's events as numbered rows written in the transaction
// that causes them, the streams that send them (GET /api/events), and the unread counts.
export {
  appendEvents,
  deleteEventsBefore,
  EVENT_RETENTION_MS,
  forgetEventsOf,
  type NewEvent,
} from './events';
export { LiveHub } from './hub';
export { liveRoutes } from './routes';
export { appendUnreadEvent, unreadCounts } from './unread';
