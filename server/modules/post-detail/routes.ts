// GET /api/posts/{postId}: one post with its images (DESIGN §4); someone else's unpublished post is a 404.
import { MSG } from '../../../shared/messages';
import { postDetailSchema } from '../../../shared/schemas/post';
import type { RoutesPlugin } from '../../deps';
import { notFound } from '../../errors';
import { errors } from '../../http-schemas';
import { postIdParams } from '../posts/schemas';
import { findPostDetail } from './service';

export const postDetailRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/posts/:postId',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['post detail'],
        summary: 'One post with its images; an unpublished post only for its owner',
        params: postIdParams,
        response: { 200: postDetailSchema, ...errors(400, 404) },
      },
    },
    async (request) => {
      const post = await findPostDetail(deps, request.params.postId, request.actor);
      if (!post) throw notFound(MSG.postDetail.notFound);
      return post;
    },
  );
};
