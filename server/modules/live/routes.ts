// GET /api/events (the signed-in user's live stream) and GET /api/me/unread (issue 32).
import { actorOf, sessionOf } from '../../actor';
import type { RoutesPlugin } from '../../deps';
import { route, STREAMED } from '../../route';
import { unreadCounts } from './unread';

/** A Last-Event-ID (the header a reconnecting EventSource sends, or ?lastEventId=) as a number. */
function eventNumber(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text && /^\d{1,15}$/.test(text) ? Number(text) : undefined;
}

export const liveRoutes: RoutesPlugin = async (app, deps) => {
  route(app, 'events', {}, async (request, reply) => {
    const session = sessionOf(request);
    const last = eventNumber(request.headers['last-event-id']) ?? eventNumber(request.query.lastEventId);
    await deps.live.open(reply, session.user.id, session.tokenHash, last);
    return STREAMED;
  });

  route(app, 'unreadCounts', {}, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return unreadCounts(deps.database.db, actorOf(request).id);
  });
};
