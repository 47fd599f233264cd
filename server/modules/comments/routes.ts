// The comment calls of spec §7. Anyone who can see the post reads its comments; writing needs a
// signed-in user. Every error body carries success:false.
import type { RoutesPlugin } from '../../deps';
import { errors } from '../../http-schemas';
import { requireUser } from '../../plugins/session';
import { envelope, postIdParams, signedInOnly, viewerId } from '../engagement-shared/http';
import {
  commentIdParams,
  commentResponse,
  countResponse,
  createBody,
  editBody,
  listQuery,
  okResponse,
  pageResponse,
} from './schemas';
import { commentsPage, countComments, createComment, editComment, removeComment } from './service';

const tags = ['comments'];

export const commentRoutes: RoutesPlugin = async (app, { database }) => {
  const { db } = database;

  app.get(
    '/comments/post/:postId',
    {
      config: envelope,
      schema: {
        tags,
        summary: "A post's comments, newest first, 50 a page; pass pagination.nextCursor as ?cursor=",
        params: postIdParams,
        querystring: listQuery,
        response: { 200: pageResponse, ...errors(400, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await commentsPage(db, request.params.postId, viewerId(request), request.query.cursor),
    }),
  );

  app.post(
    '/comments',
    {
      config: envelope,
      preValidation: signedInOnly,
      schema: {
        tags,
        summary: 'Comment on a post (plain text, trimmed, 1 to 2000 characters)',
        body: createBody,
        response: { 201: commentResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const comment = await createComment(db, user, request.body.postId, request.body.content);
      return reply.status(201).send({ success: true as const, comment });
    },
  );

  app.put(
    '/comments/:id',
    {
      config: envelope,
      preValidation: signedInOnly,
      schema: {
        tags,
        summary: 'Edit your own comment',
        params: commentIdParams,
        body: editBody,
        response: { 200: commentResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const comment = await editComment(db, user, request.params.id, request.body.content);
      return { success: true as const, comment };
    },
  );

  app.delete(
    '/comments/:id',
    {
      config: envelope,
      preValidation: signedInOnly,
      schema: {
        tags,
        summary: "Delete a comment: your own, or anyone's on your post",
        params: commentIdParams,
        response: { 200: okResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await removeComment(db, requireUser(request), request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/comments/count/:postId',
    {
      config: envelope,
      schema: {
        tags,
        summary: 'How many comments a post has',
        params: postIdParams,
        response: { 200: countResponse, ...errors(400, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      count: await countComments(db, request.params.postId, viewerId(request)),
    }),
  );
};
