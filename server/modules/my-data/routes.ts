// GET /api/account/export and DELETE /api/account (issue 31): a person's own data and leaving.
import { MSG } from '../../../shared/messages';
import { actorOf, sessionOf } from '../../actor';
import { BODY_LIMITS } from '../../body-limits';
import type { RoutesPlugin } from '../../deps';
import { perUser } from '../../plugins/write-limits';
import { route } from '../../route';
import { clearSessionCookie } from '../auth';
import { deleteAccount } from './deletion';
import { exportAccount } from './export';

export const myDataRoutes: RoutesPlugin = async (app, deps) => {
  const limit = perUser(deps.config.account.exports);

  route(app, 'exportAccount', { rateLimit: limit }, async (request, reply) => {
    const session = sessionOf(request);
    const data = await exportAccount(deps, actorOf(request).id, session.tokenHash);
    reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="zim-marketplace-data-${data.profile.id}.json"`);
    return data;
  });

  // Everything the account showed goes: its posts (feeds), its name on comments, its sessions.
  route(
    app,
    'deleteAccount',
    {
      bodyLimit: BODY_LIMITS.credentials,
      rateLimit: perUser(deps.config.writeLimits.updateProfile),
      invalidates: ['feed', 'comments', 'sessions'],
    },
    async (request, reply) => {
      await deleteAccount(deps, request.log, sessionOf(request), request.ip, request.body.password);
      clearSessionCookie(reply, deps.config);
      return { message: MSG.myData.deleted };
    },
  );
};
