// The like calls of spec §7 plus the batched card engagement of DESIGN §4. Visitors may read; only a
// signed-in user toggles. Every error body carries success:false (the contract's envelope).

import { actorOf } from '../../actor';
import type { RoutesPlugin } from '../../deps';
import { perUser } from '../../plugins/write-limits';
import { route } from '../../route';
import { engagementOf, engagementOfMany, REACTION, toggleLike } from './service';

const reactionOf = (isLiked: boolean) => (isLiked ? REACTION : null);

export const likeRoutes: RoutesPlugin = async (app, deps) => {
  // The cached reads do not show like counts (decision 003).
  const options = { rateLimit: perUser(deps.config.writeLimits.like), invalidates: [] } as const;
  route(app, 'toggleLike', options, async (request) => {
    const { isLiked, likeCount } = await toggleLike(deps, request.params.postId, actorOf(request));
    return { success: true as const, isLiked, likeCount, reactionType: reactionOf(isLiked) };
  });

  route(app, 'likeStatus', {}, async (request) => {
    const { isLiked, likeCount } = await engagementOf(deps, request.params.postId, request.actor);
    return { success: true as const, isLiked, likeCount, reactionType: reactionOf(isLiked) };
  });

  route(app, 'likeCount', {}, async (request) => {
    const { likeCount } = await engagementOf(deps, request.params.postId, request.actor);
    return { success: true as const, count: likeCount };
  });

  route(app, 'engagement', {}, async (request) => {
    const { postId: _, ...data } = await engagementOf(deps, request.params.postId, request.actor);
    return { success: true as const, data };
  });

  route(app, 'engagementBatch', {}, async (request) => ({
    success: true as const,
    data: await engagementOfMany(deps, request.query.postIds, request.actor),
  }));
};
