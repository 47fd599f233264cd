// POST /api/create-post, PUT /api/edit-post, PUT /api/publish-post, PUT /api/publish-manager,
// GET /api/my-created-posts (spec §7, DESIGN §4). Parse -> authorize -> service -> present.
import { z } from 'zod';
import { BODY_LIMITS } from '../../body-limits';
import type { RoutesPlugin } from '../../deps';
import { errors } from '../../http-schemas';
import { requireSelf } from '../../plugins/session';
import { presentItem } from './presenter';
import {
  createPostBody,
  editPostBody,
  itemSchema,
  myPostsQuery,
  postWrapperSchema,
  publishManagerBody,
  publishPostBody,
} from './schemas';
import { createPost, editPost, listMyPosts, setPublishState } from './service';

export const postRoutes: RoutesPlugin = async (app, deps) => {
  app.post(
    '/create-post',
    {
      bodyLimit: BODY_LIMITS.post,
      config: { changesFeed: true },
      schema: {
        tags: ['posts'],
        summary: 'Create a product or service listing (unpublished); returns the item with its postId',
        body: createPostBody,
        response: { 201: itemSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { userId, ...input } = request.body;
      const user = requireSelf(request, userId);
      const row = await createPost(deps, user, input);
      return reply.status(201).send(presentItem(row));
    },
  );

  app.put(
    '/edit-post',
    {
      bodyLimit: BODY_LIMITS.post,
      config: { changesFeed: true },
      schema: {
        tags: ['posts'],
        summary: "Change a listing's fields: owner only, only while unpublished",
        body: editPostBody,
        response: { 200: itemSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { userId, ...input } = request.body;
      const user = requireSelf(request, userId);
      return presentItem(await editPost(deps, user, input));
    },
  );

  app.put(
    '/publish-post',
    {
      config: { changesFeed: true },
      schema: {
        tags: ['posts'],
        summary: 'Publish a listing (owner only); other post fields in the body are ignored',
        body: publishPostBody,
        response: { 200: itemSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id, type, userId } = request.body;
      const user = requireSelf(request, userId);
      return presentItem(await setPublishState(deps, user, { id, type, isPublished: true }));
    },
  );

  app.put(
    '/publish-manager',
    {
      config: { changesFeed: true },
      schema: {
        tags: ['posts'],
        summary: 'Set a listing published or unpublished (owner only): the dashboard toggle',
        body: publishManagerBody,
        response: { 200: itemSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id, type, isPublished, userId } = request.body;
      const user = requireSelf(request, userId);
      return presentItem(await setPublishState(deps, user, { id, type, isPublished }));
    },
  );

  app.get(
    '/my-created-posts',
    {
      schema: {
        tags: ['posts'],
        summary: "The signed-in user's own posts, published or not, newest first",
        querystring: myPostsQuery,
        response: { 200: z.object({ posts: z.array(postWrapperSchema) }), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const user = requireSelf(request, request.query.userId);
      reply.header('cache-control', 'no-store');
      return { posts: await listMyPosts(deps, user) };
    },
  );
};
