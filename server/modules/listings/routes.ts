// POST /api/create-post, PUT /api/edit-post, PUT /api/publish-post, PUT /api/publish-manager,
// GET /api/my-created-posts (spec §7, DESIGN §4), DELETE /api/posts/{postId} (issue 16) and
// PUT /api/posts/{postId}/status and POST /api/posts/{postId}/renew (issue 14).
// Parse -> authorize -> service -> present.

import { IDEMPOTENCY_KEY_HEADER } from '../../../shared/idempotency';
import { deletedPostSchema, itemSchema, myPostsSchema } from '../../../shared/schemas/post';
import { BODY_LIMITS } from '../../body-limits';
import type { RoutesPlugin } from '../../deps';
import { errors } from '../../http-schemas';
import { actorOf, selfOf } from '../../plugins/session';
import { perUser } from '../../plugins/write-limits';
import { presentItem } from '../posts/presenter';
import { postIdParams } from '../posts/schemas';
import {
  createPostBody,
  createPostHeaders,
  editPostBody,
  myPostsQuery,
  publishManagerBody,
  publishPostBody,
  setStatusBody,
} from './schemas';
import {
  createPost,
  deletePost,
  editPost,
  listMyPosts,
  renewPost,
  setPostStatus,
  setPublishState,
} from './service';

export const listingRoutes: RoutesPlugin = async (app, deps) => {
  const limits = deps.config.writeLimits;
  const changeLimit = perUser(limits.changePost);

  app.post(
    '/create-post',
    {
      bodyLimit: BODY_LIMITS.post,
      config: { auth: 'required', changesFeed: true, rateLimit: perUser(limits.createPost) },
      schema: {
        tags: ['listings'],
        summary: 'Create a product or service listing (unpublished); returns the item with its postId',
        description:
          'With an Idempotency-Key header (8-128 printable ASCII characters), a repeat of the key by the same user within 24 hours answers the first answer again (status and body, header Idempotent-Replayed: true) and creates nothing (decision 026).',
        headers: createPostHeaders,
        body: createPostBody,
        response: { 201: itemSchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { userId, ...input } = request.body;
      const actor = selfOf(request, userId);
      const answer = await createPost(deps, actor, input, request.headers[IDEMPOTENCY_KEY_HEADER]);
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(answer.body);
    },
  );

  app.put(
    '/edit-post',
    {
      bodyLimit: BODY_LIMITS.post,
      config: { auth: 'required', changesFeed: true, rateLimit: changeLimit },
      schema: {
        tags: ['listings'],
        summary: "Change a listing's fields: owner only, only while unpublished",
        body: editPostBody,
        response: { 200: itemSchema, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const { userId, ...input } = request.body;
      const actor = selfOf(request, userId);
      return presentItem(await editPost(deps, actor, input));
    },
  );

  app.put(
    '/publish-post',
    {
      config: { auth: 'required', changesFeed: true, rateLimit: changeLimit },
      schema: {
        tags: ['listings'],
        summary: 'Publish a listing (owner only); other post fields in the body are ignored',
        body: publishPostBody,
        response: { 200: itemSchema, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { id, type, userId } = request.body;
      const actor = selfOf(request, userId);
      return presentItem(await setPublishState(deps, actor, { id, type, isPublished: true }));
    },
  );

  app.put(
    '/publish-manager',
    {
      config: { auth: 'required', changesFeed: true, rateLimit: changeLimit },
      schema: {
        tags: ['listings'],
        summary: 'Set a listing published or unpublished (owner only): the dashboard toggle',
        body: publishManagerBody,
        response: { 200: itemSchema, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { id, type, isPublished, userId } = request.body;
      const actor = selfOf(request, userId);
      return presentItem(await setPublishState(deps, actor, { id, type, isPublished }));
    },
  );

  app.put(
    '/posts/:postId/status',
    {
      config: { auth: 'required', changesFeed: true, rateLimit: changeLimit },
      schema: {
        tags: ['listings'],
        summary:
          'Mark your published post available, reserved or sold (sold posts leave the feeds; their link stays)',
        params: postIdParams,
        body: setStatusBody,
        response: { 200: itemSchema, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) =>
      presentItem(await setPostStatus(deps, actorOf(request), request.params.postId, request.body.status)),
  );

  app.post(
    '/posts/:postId/renew',
    {
      config: { auth: 'required', changesFeed: true, rateLimit: changeLimit },
      schema: {
        tags: ['listings'],
        summary: 'Renew your expired post: back in the feeds, at the top (409 when it has not expired)',
        params: postIdParams,
        response: { 200: itemSchema, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => presentItem(await renewPost(deps, actorOf(request), request.params.postId)),
  );

  app.get(
    '/my-created-posts',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['listings'],
        summary: "The signed-in user's own posts, published or not, newest first",
        querystring: myPostsQuery,
        response: { 200: myPostsSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const actor = selfOf(request, request.query.userId);
      reply.header('cache-control', 'no-store');
      return { posts: await listMyPosts(deps, actor) };
    },
  );

  app.delete(
    '/posts/:postId',
    {
      config: { auth: 'required', changesFeed: true, rateLimit: changeLimit },
      schema: {
        tags: ['listings'],
        summary:
          'Delete your post with its images, likes, comments, views and reports (owner only; 404 afterwards)',
        params: postIdParams,
        response: { 200: deletedPostSchema, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { postId } = request.params;
      await deletePost(deps, request.log, actorOf(request), postId);
      return { success: true as const, postId };
    },
  );
};
