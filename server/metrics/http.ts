// Times every request by its route pattern and serves GET /metrics to whoever holds METRICS_TOKEN.
// The route label is Fastify's pattern (`/api/posts/:postId`), never the path, so the label set is
// bounded by the routes the app has; a request no route matched is 'page' when the not-found handler
// served an app page and 'unmatched' otherwise. Without the token, with a wrong one, or with none
// configured, /metrics is the same 404 as any unknown path (decision 042): a scanner learns nothing.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '../../shared/messages';
import { AppError, sendNotFound } from '../errors';
import { scraper } from './cluster';
import type { Metrics } from './collectors';

/** The label of a request's route. */
export function routeLabel(request: FastifyRequest, status: number): string {
  return request.routeOptions.url ?? (status < 400 ? 'page' : 'unmatched');
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares the Authorization header with the token in constant time (digests: equal lengths). */
function bearerCheck(token: string | undefined) {
  if (!token) return () => false;
  const expected = digest(`Bearer ${token}`);
  return (header: string | undefined) =>
    typeof header === 'string' && timingSafeEqual(digest(header), expected);
}

/** Adds the timing hooks to the app (every route registered after this) and GET /metrics. */
export function instrument(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  app.addHook('onRequest', (_request, reply, done) => {
    metrics.requestStarted();
    // 'close' comes for every answer, finished or cut short (a stream the client closed).
    reply.raw.once('close', metrics.requestEnded);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    metrics.requestAnswered(request.method, routeLabel(request, status), status, reply.elapsedTime / 1000);
    done();
  });

  const authorized = bearerCheck(token);
  const scrape = scraper(metrics.registry);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!authorized(request.headers.authorization)) return sendNotFound(reply);
    const text = await scrape().catch((err: unknown) => {
      request.log.warn({ err }, 'metrics scrape failed');
      throw new AppError(503, MSG.errors.unavailable);
    });
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}
