// GET /api/posts/{postId}: one post with its images (DESIGN §4); someone else's unpublished post is a 404.
// Marked public only when every visitor gets the same answer (decision 044): else private, no-store.
import { MSG } from '../../../shared/messages';
import type { RoutesPlugin } from '../../deps';
import { notFound } from '../../errors';
import { markPublic, route } from '../../route';
import { findPostDetail } from './service';

export const postDetailRoutes: RoutesPlugin = async (app, deps) => {
  route(app, 'post', {}, async (request, reply) => {
    const found = await findPostDetail(deps, request.params.postId, request.actor);
    if (!found) throw notFound(MSG.postDetail.notFound);
    if (found.sameForEveryone) markPublic(reply);
    return found.post;
  });
};
