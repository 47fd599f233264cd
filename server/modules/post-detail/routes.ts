// GET /api/posts/{postId}: one post with its images (DESIGN §4); someone else's unpublished post is a 404.
import { MSG } from '../../../shared/messages';
import type { RoutesPlugin } from '../../deps';
import { notFound } from '../../errors';
import { route } from '../../route';
import { findPostDetail } from './service';

export const postDetailRoutes: RoutesPlugin = async (app, deps) => {
  route(app, 'post', {}, async (request) => {
    const post = await findPostDetail(deps, request.params.postId, request.actor);
    if (!post) throw notFound(MSG.postDetail.notFound);
    return post;
  });
};
