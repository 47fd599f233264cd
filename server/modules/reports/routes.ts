// POST /api/reports (issue 11): report a post or comment as a scam, spam, offensive, ...
import { MSG } from '../../../shared/messages';
import { actorOf } from '../../actor';
import type { RoutesPlugin } from '../../deps';
import { perUser } from '../../plugins/write-limits';
import { route } from '../../route';
import { fileReport } from './service';

export const reportRoutes: RoutesPlugin = async (app, deps) => {
  // Enough reports hide the post at once (decision 014).
  const options = { rateLimit: perUser(deps.config.writeLimits.report), invalidates: ['feed'] } as const;
  route(app, 'fileReport', options, async (request, reply) => {
    const { created } = await fileReport(deps, actorOf(request), request.body, request.ip);
    if (created) reply.status(201);
    return {
      success: true as const,
      message: created ? MSG.reports.thanks : MSG.reports.already,
      alreadyReported: !created,
    };
  });
};
