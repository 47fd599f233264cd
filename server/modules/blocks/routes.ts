// PUT /api/blocks/{userId}, DELETE /api/blocks/{userId}, GET /api/blocks (issue 32). Idempotent both
// ways; blocking oneself is a 400, an account that does not exist a 404.
import { MSG } from '../../../shared/messages';
import { actorOf } from '../../actor';
import type { RoutesPlugin } from '../../deps';
import { badRequest, notFound } from '../../errors';
import { perUser } from '../../plugins/write-limits';
import { route } from '../../route';
import { findUserById } from '../auth';
import { deleteBlock, insertBlock, listBlocked } from './repo';

export const blockRoutes: RoutesPlugin = async (app, deps) => {
  const { database } = deps;
  // Blocking hides comments on the blocker's posts from the blocker: their comment pages change.
  const write = { rateLimit: perUser(deps.config.writeLimits.favourite), invalidates: ['comments'] } as const;

  route(app, 'blockUser', write, async (request) => {
    const actor = actorOf(request);
    const { userId } = request.params;
    if (userId === actor.id) throw badRequest(MSG.messages.notYourself, { userId: MSG.messages.notYourself });
    const other = await findUserById(database.db, userId);
    if (!other || other.deletedAt) throw notFound(MSG.sellerPage.notFound);
    await insertBlock(database.db, actor.id, userId);
    return { userId, blocked: true as const };
  });

  route(app, 'unblockUser', write, async (request) => {
    await deleteBlock(database.db, actorOf(request).id, request.params.userId);
    return { userId: request.params.userId, blocked: false as const };
  });

  route(app, 'blockedUsers', {}, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const rows = await listBlocked(database.db, actorOf(request).id);
    return {
      users: rows.map((row) => ({ id: row.id, name: row.name, blockedAt: row.blockedAt.toISOString() })),
    };
  });
};
