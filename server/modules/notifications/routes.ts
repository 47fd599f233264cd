// /api/notifications and /api/notification-settings (issue 33): a person's own list and marks, the
// email switches, and the one-click unsubscribe a mail client POSTs without a session (RFC 8058).
import { actorOf } from '../../actor';
import type { RoutesPlugin } from '../../deps';
import { perUser } from '../../plugins/write-limits';
import { route } from '../../route';
import { listNotifications, readNotifications } from './service';
import { emailSettingsOf, unsubscribe, updateEmailSettings } from './settings';

export const notificationRoutes: RoutesPlugin = async (app, deps) => {
  const noStore = { 'cache-control': 'private, no-store' };
  const write = { rateLimit: perUser(deps.config.notifications.writes), invalidates: [] } as const;

  route(app, 'notifications', {}, async (request, reply) => {
    reply.headers(noStore);
    return listNotifications(deps, actorOf(request), request.query.cursor || undefined);
  });

  route(app, 'readNotifications', write, async (request) =>
    readNotifications(deps, actorOf(request), request.body?.ids),
  );

  route(app, 'notificationSettings', {}, async (request, reply) => {
    reply.headers(noStore);
    return { email: await emailSettingsOf(deps.database.db, actorOf(request).id) };
  });

  route(app, 'updateNotificationSettings', write, async (request) =>
    updateEmailSettings(deps.database.db, actorOf(request).id, request.body.email),
  );

  route(
    app,
    'unsubscribe',
    { rateLimit: { max: 60, timeWindow: 60_000 }, invalidates: [] },
    async (request) => unsubscribe(deps.database.db, deps.unsubscribeLinks, request.query.token),
  );
};
