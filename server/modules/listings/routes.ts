// POST /api/create-post, PUT /api/edit-post, PUT /api/publish-post, PUT /api/publish-manager,
// GET /api/my-created-posts (spec §7, DESIGN §4), DELETE /api/posts/{postId} (issue 16) and
// PUT /api/posts/{postId}/status and POST /api/posts/{postId}/renew (issue 14).
// Parse -> authorize -> service -> present. Every write changes what the feeds show.
import { IDEMPOTENCY_KEY_HEADER } from '../../../shared/idempotency';
import { actorOf, selfOf } from '../../actor';
import { BODY_LIMITS } from '../../body-limits';
import type { RoutesPlugin } from '../../deps';
import { perUser } from '../../plugins/write-limits';
import { route } from '../../route';
import { presentItem } from '../posts';
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
  const change = { rateLimit: perUser(limits.changePost), invalidates: ['feed'] } as const;

  route(
    app,
    'createPost',
    { bodyLimit: BODY_LIMITS.post, rateLimit: perUser(limits.createPost), invalidates: ['feed'] },
    async (request, reply) => {
      const { userId, ...input } = request.body;
      const actor = selfOf(request, userId);
      const answer = await createPost(deps, actor, input, request.headers[IDEMPOTENCY_KEY_HEADER]);
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return answer.body;
    },
  );

  route(app, 'editPost', { ...change, bodyLimit: BODY_LIMITS.post }, async (request) => {
    const { userId, ...input } = request.body;
    const actor = selfOf(request, userId);
    return presentItem(await editPost(deps, actor, input));
  });

  route(app, 'publishPost', change, async (request) => {
    const { id, type, userId } = request.body;
    const actor = selfOf(request, userId);
    return presentItem(await setPublishState(deps, actor, { id, type, isPublished: true }));
  });

  route(app, 'publishManager', change, async (request) => {
    const { id, type, isPublished, userId } = request.body;
    const actor = selfOf(request, userId);
    return presentItem(await setPublishState(deps, actor, { id, type, isPublished }));
  });

  route(app, 'setPostStatus', change, async (request) =>
    presentItem(await setPostStatus(deps, actorOf(request), request.params.postId, request.body.status)),
  );

  route(app, 'renewPost', change, async (request) =>
    presentItem(await renewPost(deps, actorOf(request), request.params.postId)),
  );

  route(app, 'myCreatedPosts', {}, async (request, reply) => {
    const actor = selfOf(request, request.query.userId);
    reply.header('cache-control', 'no-store');
    return { posts: await listMyPosts(deps, actor) };
  });

  route(app, 'deletePost', change, async (request) => {
    const { postId } = request.params;
    await deletePost(deps, request.log, actorOf(request), postId);
    return { success: true as const, postId };
  });
};
