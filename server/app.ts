// buildApp wires the server together without listening, so tests drive it through app.inject.
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { setDisplayTimeZone } from '../shared/format';
import { MSG } from '../shared/messages';
import { BODY_LIMITS } from './body-limits';
import { type Config, publicConfig } from './config';
import type { Database } from './db/client';
import { buildDeps, type Deps } from './deps';
import { frameworkErrors, registerErrorHandler, serializeError } from './errors';
import { clearCachesOnWrites, shareCacheClears } from './infra/cache-invalidation';
import { type Clock, systemClock } from './infra/clock';
import { sharedRateLimitStore } from './infra/shared-store/rate-limit-store';
import { startJobs } from './jobs';
import { instrument } from './metrics';
import { authRoutes } from './modules/auth';
import { blockRoutes } from './modules/blocks';
import { commentRoutes } from './modules/comments';
import { conversationRoutes } from './modules/conversations';
import { favouriteRoutes } from './modules/favourites';
import { feedRoutes } from './modules/feed';
import { imageRoutes, mediaRoutes } from './modules/images';
import { likeRoutes } from './modules/likes';
import { listingRoutes } from './modules/listings';
import { liveRoutes } from './modules/live';
import { moderationRoutes } from './modules/moderation';
import { myDataRoutes } from './modules/my-data';
import { notificationRoutes } from './modules/notifications';
import { postDetailRoutes, registerPostPage } from './modules/post-detail';
import { setMediaBaseUrl } from './modules/posts';
import { reportRoutes } from './modules/reports';
import { savedSearchRoutes } from './modules/saved-searches';
import { registerSellerPage, sellerPageRoutes } from './modules/seller-page';
import { userRoutes } from './modules/users';
import { viewRoutes } from './modules/views';
import { AccessLog } from './plugins/access-log';
import { authPlugin } from './plugins/auth';
import { docsPlugin } from './plugins/docs';
import { formBodiesOnlyWhereDeclared } from './plugins/form-bodies';
import { healthPlugin } from './plugins/health';
import { securityPlugin } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import { webPlugin } from './plugins/web';
import { route } from './route';
import { serverTimeouts } from './server-timeouts';

export interface BuildOptions {
  config: Config;
  database: Database;
  /**
   * Where log lines go: main.ts passes stdout's asynchronous destination (log-destination.ts), tests
   * a stream they read. Unset: stdout written synchronously, or pretty lines on a terminal.
   */
  logStream?: { write(line: string): void };
  /** The time every rule reads (tests pass one they can move). */
  clock?: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What the app was built from (tests reach the cache or the clock through it). */
    deps: Deps;
  }
}

export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.providedPassword',
  '*.token',
];

export async function buildApp({ config, database, logStream, clock = systemClock }: BuildOptions) {
  const pretty = !logStream && process.stdout.isTTY && config.env !== 'production';
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: serializeError },
      ...(logStream ? { stream: logStream } : {}),
      ...(pretty ? { transport: { target: 'pino-pretty' } } : {}),
    },
    trustProxy: trustProxy(config.trustProxy),
    requestIdHeader: false,
    // One access line per request instead of Fastify's two (plugins/access-log.ts, decision 042).
    logController: new AccessLog(config.logSample2xxReads),
    return503OnClosing: true,
    bodyLimit: BODY_LIMITS.default,
    ...serverTimeouts(config),
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  // The composition root: every shared part is made once, here, and passed down as Deps.
  const deps = buildDeps({ config, database, clock, log: app.log });
  // Dates the server formats read in the configured zone, as the web app's do (the page carries it).
  setDisplayTimeZone(config.displayTimeZone);
  // Image URLs point at MEDIA_PUBLIC_URL when set, else at /media (decision 024).
  setMediaBaseUrl(config.mediaPublicUrl);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  acceptEmptyBodies(app);
  // Before any route: every request is timed and counted (GET /metrics, decision 042).
  instrument(app, deps.metrics, config.metricsToken);
  app.addHook('onClose', () => database.close());
  app.addHook('onClose', async () => deps.storage.close?.());
  app.addHook('onClose', async () => deps.sharedStore?.close());
  app.addHook('onClose', async () => deps.stalls.stop());
  app.log.info(
    deps.sharedStore
      ? 'rate limits: redis (shared by every instance), feed cache invalidation: redis pub/sub'
      : 'rate limits and feed cache invalidation: memory (one instance)',
  );
  database.setLogger(app.log);

  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  await app.register(formbody);
  formBodiesOnlyWhereDeclared(app);
  await app.register(rateLimit, {
    global: false,
    ...(deps.sharedStore ? { store: sharedRateLimitStore(deps.sharedStore) } : {}),
    errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, message: MSG.errors.rateLimited, ttl: ctx.ttl }),
  });
  await app.register(securityPlugin, { config });
  await app.register(sessionPlugin, deps);
  await app.register(authPlugin);
  await app.register(docsPlugin);

  app.decorate('deps', deps);
  clearCachesOnWrites(app, deps);
  if (deps.sharedStore) {
    shareCacheClears(deps.feedCache, deps.sharedStore, 'feed-cache:clear');
    shareCacheClears(deps.commentsCache, deps.sharedStore, 'comments-cache:clear');
    shareCacheClears(deps.sessionCache, deps.sharedStore, 'session-cache:clear');
  }
  startJobs(app, deps);
  await app.register(healthPlugin, { database, stalls: deps.stalls });
  route(app, 'config', {}, async () => publicConfig(config));

  for (const routes of [
    authRoutes,
    userRoutes,
    listingRoutes,
    imageRoutes,
    feedRoutes,
    postDetailRoutes,
    sellerPageRoutes,
    likeRoutes,
    favouriteRoutes,
    commentRoutes,
    viewRoutes,
    reportRoutes,
    moderationRoutes,
    myDataRoutes,
    blockRoutes,
    conversationRoutes,
    liveRoutes,
    notificationRoutes,
    savedSearchRoutes,
  ]) {
    await app.register(routes, deps);
  }

  await app.register(mediaRoutes, deps);
  await app.register(webPlugin, { config });
  registerPostPage(app, deps);
  registerSellerPage(app, deps);
  return app;
}

/**
 * Fastify's trustProxy from TRUST_PROXY. Fastify no longer takes a hop count (a number trusts
 * nothing), so a count becomes the function it stood for: believe the `hops` proxies nearest the
 * server, whatever their addresses. That is only right when the app cannot be reached around them.
 */
function trustProxy(value: Config['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/**
 * An empty body is an empty form, whatever Content-Type the call takes: the route's schema then names the
 * missing field ('Password is required.'), and calls whose fields are all optional (the rolling
 * feeds) start from the newest. Without this, a bodiless POST met zod's "expected object, received
 * null" and an empty JSON body "not valid JSON".
 */
function acceptEmptyBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (String(body).trim() === '') done(null, {});
    else parseJson(request, String(body), done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body == null && request.routeOptions.schema?.body) request.body = {};
    done();
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
