// The like calls of spec §7 plus the batched card engagement of DESIGN §4. Visitors may read; only a
// signed-in user toggles. Every error body carries success:false.
import {
  countResponseSchema,
  engagementBatchSchema,
  engagementResponseSchema,
  likeStatusSchema,
} from '../../../shared/schemas/engagement';
import type { RoutesPlugin } from '../../deps';
import { errors, withEnvelope } from '../../http-schemas';
import { actorOf } from '../../plugins/session';
import { perUser } from '../../plugins/write-limits';
import { postIdParams } from '../posts/schemas';
import { batchQuery } from './schemas';
import { engagementOf, engagementOfMany, REACTION, toggleLike } from './service';

const tags = ['likes'];

export const likeRoutes: RoutesPlugin = async (app, deps) => {
  app.post(
    '/likes/toggle/:postId',
    {
      config: { ...withEnvelope('required'), rateLimit: perUser(deps.config.writeLimits.like) },
      schema: {
        tags,
        summary: "Like or unlike a post (the only reaction is 'like')",
        params: postIdParams,
        response: { 200: likeStatusSchema, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { isLiked, likeCount } = await toggleLike(deps, request.params.postId, actorOf(request));
      return { success: true as const, isLiked, likeCount, reactionType: isLiked ? REACTION : null };
    },
  );

  app.get(
    '/likes/status/:postId',
    {
      config: withEnvelope('optional'),
      schema: {
        tags,
        summary: "The viewer's like on a post (a visitor's is always false) and the like count",
        params: postIdParams,
        response: { 200: likeStatusSchema, ...errors(400, 404) },
      },
    },
    async (request) => {
      const { isLiked, likeCount } = await engagementOf(deps, request.params.postId, request.actor);
      return { success: true as const, isLiked, likeCount, reactionType: isLiked ? REACTION : null };
    },
  );

  app.get(
    '/likes/count/:postId',
    {
      config: withEnvelope('optional'),
      schema: {
        tags,
        summary: 'How many users like a post',
        params: postIdParams,
        response: { 200: countResponseSchema, ...errors(400, 404) },
      },
    },
    async (request) => {
      const { likeCount } = await engagementOf(deps, request.params.postId, request.actor);
      return { success: true as const, count: likeCount };
    },
  );

  app.get(
    '/likes/engagement/:postId',
    {
      config: withEnvelope('optional'),
      schema: {
        tags,
        summary: "A post's like and comment counts and whether the viewer likes it",
        params: postIdParams,
        response: { 200: engagementResponseSchema, ...errors(400, 404) },
      },
    },
    async (request) => {
      const { postId: _, ...data } = await engagementOf(deps, request.params.postId, request.actor);
      return { success: true as const, data };
    },
  );

  app.get(
    '/likes/engagement',
    {
      config: withEnvelope('optional'),
      schema: {
        tags,
        summary: 'Engagement of a page of cards in one call: ?postIds=1,2,3 (at most 50)',
        description: 'Keyed by post id; posts that do not exist or that the viewer may not see are left out.',
        querystring: batchQuery,
        response: { 200: engagementBatchSchema, ...errors(400) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await engagementOfMany(deps, request.query.postIds, request.actor),
    }),
  );
};
