// The view calls of spec §7: track a view (users and anonymous visitors alike) and read the statistics.
// Every error body carries success:false (the contract's envelope).
import type { RoutesPlugin } from '../../deps';
import { route } from '../../route';
import { trackView, viewStatistics } from './service';
import { identifyViewer } from './viewer';

export const viewRoutes: RoutesPlugin = async (app, deps) => {
  // Views are anonymous and cheap to send: per address, a person reading the feed stays far below the
  // limit and a script recording thousands of views a minute does not (a transaction each). The
  // cached reads do not show view counts (decision 003).
  route(app, 'trackView', { rateLimit: deps.config.viewLimit, invalidates: [] }, async (request, reply) => {
    const identify = () => identifyViewer(request, reply, deps);
    const { isNewView } = await trackView(deps, request.params.postId, request.actor, identify);
    return { success: true as const, isNewView };
  });

  route(app, 'viewStats', {}, async (request) => ({
    success: true as const,
    ...(await viewStatistics(deps, request.params.postId, request.actor)),
  }));
};
