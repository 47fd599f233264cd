// What every feature's routes and services receive, built once in buildApp (the composition root) and
// passed down one way: configuration, the database, the clock, image storage, the public read caches,
// the password-failure limiter and other counters, the mail delivery job and, with REDIS_URL, the
// Redis connection the instances share them by.
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { monitorRecentStalls, type RecentStalls } from './event-loop-lag';
import { AddressKeys } from './infra/address-keys';
import type { Clock } from './infra/clock';
import { ReadCache } from './infra/read-cache';
import { Counters } from './infra/shared-store/counters';
import { SharedStore, type SharedStoreLogger } from './infra/shared-store/redis';
import { createStorage, type Storage } from './infra/storage';
import { createMetrics, type Metrics } from './metrics';
import { LoginLockout, SESSION_CACHE_MAX_ENTRIES } from './modules/auth';
import { UPLOADS_PER_USER_AT_ONCE, UploadSlots } from './modules/images';
import { LiveHub } from './modules/live';
import { createMailTransport, MailDelivery, outboxDepth } from './modules/mail';
import { ActivityMarks, UnsubscribeLinks } from './modules/notifications';
import { VisitorIds } from './modules/views';
import { cookieSecret } from './secrets';

export interface Deps {
  config: Config;
  database: Database;
  clock: Clock;
  storage: Storage;
  /** The public feeds, cached for FEED_CACHE_MS (infra/read-cache.ts). */
  feedCache: ReadCache;
  /** The public comment pages, cached as long (modules/comments/page.ts). */
  commentsCache: ReadCache;
  /** Sessions a GET found, by token, for SESSION_CACHE_MS (plugins/session.ts). */
  sessionCache: ReadCache;
  /** Failed password checks per account and address (login and the /pass checks share it: DESIGN §4). */
  loginFailures: LoginLockout;
  /** Signed anonymous visitor ids for view counts. */
  visitorIds: VisitorIds;
  /** Image uploads in progress per user. */
  uploadSlots: UploadSlots;
  /** Fixed-window counters per key (a reset mail per account, say), in Redis too with REDIS_URL. */
  counters: Counters;
  /** Sends the mail outbox (modules/mail); `wake()` after a write that queued mail. */
  mail: MailDelivery;
  /** This instance's live streams (modules/live); `hint(userIds)` after a write that stored events. */
  live: LiveHub;
  /** Who used the app lately, per instance (the away mail's marks, written at most once a minute). */
  activity: ActivityMarks;
  /** Signs and reads the mails' one-click unsubscribe links. */
  unsubscribeLinks: UnsubscribeLinks;
  /** A client address as the database keeps it: a keyed hash (sign-ups and reports, issue 36). */
  addressKeys: AddressKeys;
  /** Redis (REDIS_URL), shared by the instances for rate limits and feed-cache clears; else undefined. */
  sharedStore: SharedStore | undefined;
  /** The longest event-loop stall of the last 10-20 s (/readyz and /metrics); stopped with the app. */
  stalls: RecentStalls;
  /** What GET /metrics shows (server/metrics); parts report through its hooks (`jobRan`). */
  metrics: Metrics;
}

export type RoutesPlugin = FastifyPluginAsync<Deps, import('fastify').RawServerDefault, ZodTypeProvider>;

/** The parts buildApp hands to every feature: made once per app. */
export function buildDeps({
  config,
  database,
  clock,
  log,
}: Pick<Deps, 'config' | 'database' | 'clock'> & { log: SharedStoreLogger & FastifyBaseLogger }): Deps {
  const sharedStore = config.redis && new SharedStore(config.redis.url, config.redis.prefix, log);
  const counters = new Counters(sharedStore);
  const transport = createMailTransport(config.mail, log);
  const feedCache = new ReadCache(config.feedCacheMs);
  const commentsCache = new ReadCache(config.feedCacheMs);
  // The app's clock: a test that ages a session past its end is not answered from the cache.
  const sessionCache = new ReadCache(
    config.sessionCacheMs,
    () => clock.now().getTime(),
    SESSION_CACHE_MAX_ENTRIES,
  );
  const live = new LiveHub({ database, sharedStore, log }, config.live);
  const stalls = monitorRecentStalls();
  const metrics = createMetrics({
    database,
    caches: { feed: feedCache, comments: commentsCache, sessions: sessionCache },
    sharedStore: () => sharedStore?.state ?? 'off',
    liveStreams: () => live.size,
    outbox: () => outboxDepth(database.db),
    longestStallMs: () => stalls.longestStallMs(),
    now: () => clock.now().getTime(),
  });
  return {
    config,
    database,
    clock,
    storage: createStorage(config),
    feedCache,
    commentsCache,
    sessionCache,
    loginFailures: new LoginLockout(
      {
        perAddress: config.rateLimits.loginFailuresPerAccount,
        allAddresses: config.rateLimits.loginFailuresPerAccountAllIps,
        windowMs: config.rateLimits.windowMs,
      },
      counters,
    ),
    visitorIds: new VisitorIds(cookieSecret(config), config.newVisitorsPerAddressPerHour),
    uploadSlots: new UploadSlots(UPLOADS_PER_USER_AT_ONCE),
    counters,
    mail: new MailDelivery({ database, clock, transport, log }),
    live,
    activity: new ActivityMarks(),
    unsubscribeLinks: new UnsubscribeLinks(cookieSecret(config)),
    addressKeys: new AddressKeys(cookieSecret(config)),
    sharedStore,
    stalls,
    metrics,
  };
}
