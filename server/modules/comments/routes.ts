// The comment calls of spec §7. Anyone who can see the post reads its comments (public pages from the
// comments cache, cleared by every write here: page.ts); writing needs a signed-in user. Every
// error body carries success:false.
import {
  commentResponseSchema,
  commentsPageSchema,
  countResponseSchema,
  okResponseSchema,
} from '../../../shared/schemas/engagement';
import type { RoutesPlugin } from '../../deps';
import { errors, JSON_TYPE, withEnvelope } from '../../http-schemas';
import { actorOf, userOf } from '../../plugins/session';
import { perUser } from '../../plugins/write-limits';
import { postIdParams } from '../posts/schemas';
import { commentsPageText } from './page';
import { commentIdParams, createBody, editBody, listQuery } from './schemas';
import { countComments, createComment, editComment, removeComment } from './service';

const tags = ['comments'];

export const commentRoutes: RoutesPlugin = async (app, deps) => {
  const limits = deps.config.writeLimits;
  const changeLimit = perUser(limits.changeComment);
  app.get(
    '/comments/post/:postId',
    {
      config: withEnvelope('optional'),
      schema: {
        tags,
        summary: "A post's comments, newest first, 50 a page; pass pagination.nextCursor as ?cursor=",
        params: postIdParams,
        querystring: listQuery,
        response: { 200: commentsPageSchema, ...errors(400, 404) },
      },
    },
    // The page comes as JSON text checked against the schema (page.ts); `as never` as in feed/routes.ts.
    async (request, reply) =>
      reply
        .type(JSON_TYPE)
        .send(
          (await commentsPageText(deps, request.params.postId, request.actor, request.query.cursor)) as never,
        ),
  );

  app.post(
    '/comments',
    {
      config: {
        ...withEnvelope('required'),
        changesComments: true,
        rateLimit: perUser(limits.createComment),
      },
      schema: {
        tags,
        summary: 'Comment on a post (plain text, trimmed, 1 to 2000 characters)',
        body: createBody,
        response: { 201: commentResponseSchema, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { postId, content } = request.body;
      const comment = await createComment(deps, actorOf(request), userOf(request).name, postId, content);
      return reply.status(201).send({ success: true as const, comment });
    },
  );

  app.put(
    '/comments/:id',
    {
      config: { ...withEnvelope('required'), changesComments: true, rateLimit: changeLimit },
      schema: {
        tags,
        summary: 'Edit your own comment',
        params: commentIdParams,
        body: editBody,
        response: { 200: commentResponseSchema, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const comment = await editComment(deps, actorOf(request), request.params.id, request.body.content);
      return { success: true as const, comment };
    },
  );

  app.delete(
    '/comments/:id',
    {
      config: { ...withEnvelope('required'), changesComments: true, rateLimit: changeLimit },
      schema: {
        tags,
        summary: "Delete a comment: your own, or anyone's on your post",
        params: commentIdParams,
        response: { 200: okResponseSchema, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      await removeComment(deps, actorOf(request), request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/comments/count/:postId',
    {
      config: withEnvelope('optional'),
      schema: {
        tags,
        summary: 'How many comments a post has',
        params: postIdParams,
        response: { 200: countResponseSchema, ...errors(400, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      count: await countComments(deps, request.params.postId, request.actor),
    }),
  );
};
