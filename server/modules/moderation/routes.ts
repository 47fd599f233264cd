// /api/moderation/* (issue 11): the review queue, decisions on posts, comments and accounts, and the
// audit log. Moderators only: the auth hook answers visitors 401 and members 403 before anything runs.
import { MSG } from '../../../shared/messages';
import { actorOf } from '../../actor';
import type { RoutesPlugin } from '../../deps';
import { perUser } from '../../plugins/write-limits';
import { route } from '../../route';
import { moderationQueue } from './queue';
import { type Decision, listActions, moderateContent, setAccountRole, setAccountSuspended } from './service';

const DONE: Record<Decision, string> = { hide: MSG.moderation.hidden, restore: MSG.moderation.restored };
const result = (message: string, state: string) => ({ success: true as const, message, state });

export const moderationRoutes: RoutesPlugin = async (app, deps) => {
  const rateLimit = perUser(deps.config.writeLimits.moderate);
  // A decision can hide or restore posts (or a whole account's): the feeds change.
  const content = { rateLimit, invalidates: ['feed'] } as const;
  // An account decision also changes who is signed in as what.
  const account = { rateLimit, invalidates: ['feed', 'sessions'] } as const;

  route(app, 'moderationQueue', {}, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return moderationQueue(deps, request.query.limit);
  });

  const decisions = [
    ['hidePost', 'post', 'hide'],
    ['restorePost', 'post', 'restore'],
    ['hideComment', 'comment', 'hide'],
    ['restoreComment', 'comment', 'restore'],
    ['hideMessage', 'message', 'hide'],
    ['restoreMessage', 'message', 'restore'],
  ] as const;
  for (const [name, targetType, verdict] of decisions)
    route(app, name, content, async (request) => {
      const target = { targetType, targetId: request.params.id };
      const reason = request.body?.reason ?? null;
      return result(DONE[verdict], await moderateContent(deps, actorOf(request), target, verdict, reason));
    });

  for (const [name, suspend] of [
    ['suspendUser', true],
    ['reinstateUser', false],
  ] as const)
    route(app, name, account, async (request) => {
      const reason = request.body?.reason ?? null;
      const state = await setAccountSuspended(deps, actorOf(request), request.params.id, suspend, reason);
      return result(suspend ? MSG.moderation.suspendedDone : MSG.moderation.reinstated, state);
    });

  route(app, 'setUserRole', account, async (request) => {
    const { role, reason } = request.body;
    const state = await setAccountRole(deps, actorOf(request), request.params.id, role, reason ?? null);
    return result(MSG.moderation.roleChanged, state);
  });

  route(app, 'moderationActions', {}, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listActions(deps, request.query.cursor);
  });
};
