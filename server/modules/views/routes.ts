// The view calls of spec §7: track a view (users and anonymous visitors alike) and read the statistics.
// Every error body carries success:false.
import { z } from 'zod';
import type { RoutesPlugin } from '../../deps';
import { errors } from '../../http-schemas';
import { envelope, postIdParams, viewerId } from '../engagement-shared/http';
import { trackView, viewStatistics } from './service';
import { identifyViewer } from './viewer';

const tags = ['views'];
// Views are anonymous and cheap to send: per address, a person reading the feed stays far below this
// and a script recording thousands of views a minute does not (one write transaction each).
const VIEW_RATE_LIMIT = { max: 120, timeWindow: 60_000 };
const success = z.literal(true);
const count = z.number().int();

export const viewRoutes: RoutesPlugin = async (app, { database, config }) => {
  const { db } = database;

  app.post(
    '/posts/:postId/view',
    {
      config: { ...envelope, rateLimit: VIEW_RATE_LIMIT },
      schema: {
        tags,
        summary: "Record that the viewer opened a post; isNewView is true on this viewer's first view",
        description: "Visitors are told apart by an HttpOnly 'vid' cookie, set when missing.",
        params: postIdParams,
        response: { 200: z.object({ success, isNewView: z.boolean() }), ...errors(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const viewer = identifyViewer(request, reply, config);
      const { isNewView } = await trackView(db, request.params.postId, viewer);
      return { success: true as const, isNewView };
    },
  );

  app.get(
    '/posts/:postId/views',
    {
      config: envelope,
      schema: {
        tags,
        summary: "A post's view statistics",
        params: postIdParams,
        response: {
          200: z.object({
            success,
            statistics: z.object({
              totalUniqueViewers: count,
              totalViews: count,
              authenticatedViewers: count,
            }),
            post: z.object({ id: count, views: count }),
          }),
          ...errors(400, 404),
        },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await viewStatistics(db, request.params.postId, viewerId(request))),
    }),
  );
};
