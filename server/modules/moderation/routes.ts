// /api/moderation/* (issue 11): the review queue, decisions on posts, comments and accounts, and the
// audit log. Moderators only: the auth hook answers visitors 401 and members 403 before anything runs.
import { MSG } from '../../../shared/messages';
import { actionsPageSchema, moderationResultSchema, queueSchema } from '../../../shared/schemas/moderation';
import type { RoutesPlugin } from '../../deps';
import { errors } from '../../http-schemas';
import { actorOf } from '../../plugins/session';
import { perUser } from '../../plugins/write-limits';
import { moderationQueue } from './queue';
import { actionsQuery, decisionBody, queueQuery, roleBody, targetIdParams } from './schemas';
import { type Decision, listActions, moderateContent, setAccountRole, setAccountSuspended } from './service';

const DONE: Record<Decision, string> = { hide: MSG.moderation.hidden, restore: MSG.moderation.restored };

export const moderationRoutes: RoutesPlugin = async (app, deps) => {
  // A decision can hide or restore posts (or a whole account's): the feed cache is cleared.
  const write = {
    auth: 'moderator',
    rateLimit: perUser(deps.config.writeLimits.moderate),
    changesFeed: true,
  } as const;
  // An account decision also changes who is signed in as what: cached sessions are dropped.
  const accountWrite = { ...write, changesSessions: true } as const;
  const decision = (summary: string, config: typeof write | typeof accountWrite = write) => ({
    config,
    schema: {
      tags: ['moderation'],
      summary,
      params: targetIdParams,
      body: decisionBody,
      response: { 200: moderationResultSchema, ...errors(400, 401, 403, 404, 429) },
    },
  });
  const result = (message: string, state: string) => ({ success: true as const, message, state });

  app.get(
    '/moderation/queue',
    {
      config: { auth: 'moderator' },
      schema: {
        tags: ['moderation'],
        summary: 'Hidden, held, reported and warned posts and comments, most urgent first',
        querystring: queueQuery,
        response: { 200: queueSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return moderationQueue(deps, request.query.limit);
    },
  );

  const kinds = [
    ['posts', 'post'],
    ['comments', 'comment'],
  ] as const;
  for (const [path, targetType] of kinds)
    for (const verdict of ['hide', 'restore'] as const)
      app.post(
        `/moderation/${path}/:id/${verdict}`,
        decision(
          verdict === 'hide' ? `Hide a ${targetType}` : `Restore a ${targetType} and dismiss its reports`,
        ),
        async (request) => {
          const target = { targetType, targetId: request.params.id };
          const reason = request.body?.reason ?? null;
          return result(
            DONE[verdict],
            await moderateContent(deps, actorOf(request), target, verdict, reason),
          );
        },
      );

  for (const suspend of [true, false]) {
    app.post(
      `/moderation/users/:id/${suspend ? 'suspend' : 'reinstate'}`,
      decision(
        suspend
          ? 'Suspend an account: its sessions end and its posts and comments leave every public view'
          : 'Reinstate a suspended account',
        accountWrite,
      ),
      async (request) => {
        const reason = request.body?.reason ?? null;
        const state = await setAccountSuspended(deps, actorOf(request), request.params.id, suspend, reason);
        return result(suspend ? MSG.moderation.suspendedDone : MSG.moderation.reinstated, state);
      },
    );
  }

  app.post(
    '/moderation/users/:id/role',
    {
      config: accountWrite,
      schema: {
        tags: ['moderation'],
        summary: "Set an account's role (member or moderator)",
        params: targetIdParams,
        body: roleBody,
        response: { 200: moderationResultSchema, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { role, reason } = request.body;
      const state = await setAccountRole(deps, actorOf(request), request.params.id, role, reason ?? null);
      return result(MSG.moderation.roleChanged, state);
    },
  );

  app.get(
    '/moderation/actions',
    {
      config: { auth: 'moderator' },
      schema: {
        tags: ['moderation'],
        summary: 'The audit log: who did what to which target, when and why; newest first',
        querystring: actionsQuery,
        response: { 200: actionsPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listActions(deps, request.query.cursor);
    },
  );
};
