// POST /api/reports (issue 11): report a post or comment as a scam, spam, offensive, ...
import { MSG } from '../../../shared/messages';
import { reportResultSchema } from '../../../shared/schemas/moderation';
import type { RoutesPlugin } from '../../deps';
import { errors } from '../../http-schemas';
import { actorOf } from '../../plugins/session';
import { perUser } from '../../plugins/write-limits';
import { reportBody } from './schemas';
import { fileReport } from './service';

export const reportRoutes: RoutesPlugin = async (app, deps) => {
  app.post(
    '/reports',
    {
      // Enough reports hide the post at once (decision 014): the feed cache is cleared.
      config: { auth: 'required', rateLimit: perUser(deps.config.writeLimits.report), changesFeed: true },
      schema: {
        tags: ['trust and safety'],
        summary:
          'Report a post or comment (once per target). 201 when filed, 200 with alreadyReported when this user had reported it',
        body: reportBody,
        response: { 200: reportResultSchema, 201: reportResultSchema, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { created } = await fileReport(deps, actorOf(request), request.body);
      return reply.status(created ? 201 : 200).send({
        success: true,
        message: created ? MSG.reports.thanks : MSG.reports.already,
        alreadyReported: !created,
      });
    },
  );
};
