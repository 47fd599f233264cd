// The like calls of spec §7 plus the batched card engagement of DESIGN §4. Visitors may read; only a
// signed-in user toggles. Every error body carries success:false.
import type { RoutesPlugin } from '../../deps';
import { errors } from '../../http-schemas';
import { requireUser } from '../../plugins/session';
import { envelope, postIdParams, signedInOnly, viewerId } from '../engagement-shared/http';
import {
  batchQuery,
  batchResponse,
  countResponse,
  engagementResponse,
  statusResponse,
  toggleResponse,
} from './schemas';
import { engagementOf, engagementOfMany, REACTION, toggleLike } from './service';

const tags = ['likes'];

export const likeRoutes: RoutesPlugin = async (app, { database }) => {
  const { db } = database;

  app.post(
    '/likes/toggle/:postId',
    {
      config: envelope,
      preValidation: signedInOnly,
      schema: {
        tags,
        summary: "Like or unlike a post (the only reaction is 'like')",
        params: postIdParams,
        response: { 200: toggleResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { isLiked, likeCount } = await toggleLike(db, request.params.postId, user.id);
      return { success: true as const, isLiked, likeCount, reactionType: isLiked ? REACTION : null };
    },
  );

  app.get(
    '/likes/status/:postId',
    {
      config: envelope,
      schema: {
        tags,
        summary: "The viewer's like on a post (a visitor's is always false) and the like count",
        params: postIdParams,
        response: { 200: statusResponse, ...errors(400, 404) },
      },
    },
    async (request) => {
      const { isLiked, likeCount } = await engagementOf(db, request.params.postId, viewerId(request));
      return { success: true as const, isLiked, likeCount, reactionType: isLiked ? REACTION : null };
    },
  );

  app.get(
    '/likes/count/:postId',
    {
      config: envelope,
      schema: {
        tags,
        summary: 'How many users like a post',
        params: postIdParams,
        response: { 200: countResponse, ...errors(400, 404) },
      },
    },
    async (request) => {
      const { likeCount } = await engagementOf(db, request.params.postId, viewerId(request));
      return { success: true as const, count: likeCount };
    },
  );

  app.get(
    '/likes/engagement/:postId',
    {
      config: envelope,
      schema: {
        tags,
        summary: "A post's like and comment counts and whether the viewer likes it",
        params: postIdParams,
        response: { 200: engagementResponse, ...errors(400, 404) },
      },
    },
    async (request) => {
      const { postId: _, ...data } = await engagementOf(db, request.params.postId, viewerId(request));
      return { success: true as const, data };
    },
  );

  app.get(
    '/likes/engagement',
    {
      config: envelope,
      schema: {
        tags,
        summary: 'Engagement of a page of cards in one call: ?postIds=1,2,3 (at most 50)',
        description: 'Keyed by post id; posts that do not exist or that the viewer may not see are left out.',
        querystring: batchQuery,
        response: { 200: batchResponse, ...errors(400) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await engagementOfMany(db, request.query.postIds, viewerId(request)),
    }),
  );
};
