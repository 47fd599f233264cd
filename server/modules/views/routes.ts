// The view calls of spec §7: track a view (users and anonymous visitors alike) and read the statistics.
// Every error body carries success:false.
import { viewStatisticsSchema, viewTrackedSchema } from '../../../shared/schemas/engagement';
import type { RoutesPlugin } from '../../deps';
import { errors, withEnvelope } from '../../http-schemas';
import { postIdParams } from '../posts/schemas';
import { trackView, viewStatistics } from './service';
import { identifyViewer } from './viewer';

const tags = ['views'];

export const viewRoutes: RoutesPlugin = async (app, deps) => {
  app.post(
    '/posts/:postId/view',
    {
      // Views are anonymous and cheap to send: per address, a person reading the feed stays far below
      // the limit and a script recording thousands of views a minute does not (a transaction each).
      config: { ...withEnvelope('optional'), rateLimit: deps.config.viewLimit },
      schema: {
        tags,
        summary: "Record that the viewer opened a post; isNewView is true on this viewer's first view",
        description: "Visitors are told apart by an HttpOnly 'vid' cookie, set when missing.",
        params: postIdParams,
        response: { 200: viewTrackedSchema, ...errors(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const identify = () => identifyViewer(request, reply, deps);
      const { isNewView } = await trackView(deps, request.params.postId, request.actor, identify);
      return { success: true as const, isNewView };
    },
  );

  app.get(
    '/posts/:postId/views',
    {
      config: withEnvelope('optional'),
      schema: {
        tags,
        summary: "A post's view statistics",
        params: postIdParams,
        response: { 200: viewStatisticsSchema, ...errors(400, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await viewStatistics(deps, request.params.postId, request.actor)),
    }),
  );
};
