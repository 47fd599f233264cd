// Every metric GET /metrics shows, in one registry per app (tests build many apps in one process).
// The other parts of the server know nothing of prom-client: request timings come from the HTTP hooks
// (http.ts), job runs from jobs.ts through `jobRan`, and the rest is read at scrape time from plain
// numbers the parts keep anyway (the caches' hits, the database's pool, Redis's state, open streams).
// With WEB_CONCURRENCY > 1 each worker's registry is summed by the primary (cluster.ts): a gauge of
// one process carries `worker`, so summing leaves it apart; the outbox, read from the shared
// database by every worker, takes the largest answer instead.
import cluster from 'node:cluster';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/client';
import { heapAfterLastFullGc, watchFullCollections } from './heap-after-gc';

/** What the metrics read at scrape time; each part of the server offers its own. */
export interface MetricSources {
  database: { stats(): PoolStats };
  /** Each read cache by name (feed, comments, sessions) with its hit and miss counts. */
  caches: Record<string, { stats: { hits: number; misses: number } }>;
  /** Redis's state, or 'off' without REDIS_URL. */
  sharedStore: () => SharedStoreStateName;
  liveStreams: () => number;
  /** The mail outbox: waiting mails and when the oldest was queued. */
  outbox: () => Promise<{ count: number; oldest: Date | null }>;
  /** The longest event-loop stall of the last 10-20 s, in ms (the one /readyz reports). */
  longestStallMs: () => number;
  now: () => number;
}

export const SHARED_STORE_STATES = ['off', 'connecting', 'up', 'down'] as const;
type SharedStoreStateName = (typeof SHARED_STORE_STATES)[number];

/** Request durations from 5 ms to 10 s: a cached read is ~1 ms, a stall or a timeout several seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A scrape does not wait longer for the outbox's count (a database that does not answer). */
const OUTBOX_READ_MS = 1000;

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref()),
  ]);

export type Metrics = ReturnType<typeof createMetrics>;

export function createMetrics(sources: MetricSources) {
  const registry = new Registry();
  const worker = String(cluster.worker?.id ?? 0);
  const registers = [registry];

  const duration = new Histogram({
    name: 'marketplace_http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const inFlight = new Gauge({
    name: 'marketplace_http_requests_in_flight',
    help: 'Requests received and not yet answered (open event streams included)',
    registers,
  });
  const refusals = new Counter({
    name: 'marketplace_rate_limit_refusals_total',
    help: 'Requests answered 429 (a rate limit, lockout or throttle), by route pattern',
    labelNames: ['route'] as const,
    registers,
  });
  const jobRuns = new Counter({
    name: 'marketplace_job_runs_total',
    help: 'Background job runs (server/jobs.ts), by job',
    labelNames: ['job'] as const,
    registers,
  });
  const jobFailures = new Counter({
    name: 'marketplace_job_failures_total',
    help: 'Background job runs that failed, by job',
    labelNames: ['job'] as const,
    registers,
  });

  /** A gauge of this process, labelled with its worker; absent while `read` has no value yet. */
  const perWorker = (name: string, help: string, read: () => number | undefined) =>
    new Gauge({
      name,
      help,
      labelNames: ['worker'] as const,
      registers,
      collect() {
        const value = read();
        if (value === undefined) this.reset();
        else this.set({ worker }, value);
      },
    });
  perWorker('process_resident_memory_bytes', 'Resident memory of the process', () =>
    process.memoryUsage.rss(),
  );
  perWorker('nodejs_heap_size_used_bytes', 'V8 heap in use', () => process.memoryUsage().heapUsed);
  perWorker('nodejs_heap_size_total_bytes', 'V8 heap allocated', () => process.memoryUsage().heapTotal);
  watchFullCollections();
  perWorker(
    'marketplace_heap_after_full_gc_bytes',
    'V8 heap in use right after the last full collection: what the process keeps (absent before the first)',
    heapAfterLastFullGc,
  );
  perWorker(
    'marketplace_event_loop_lag_seconds',
    'The longest event-loop stall of the last 10-20 s (what /readyz reports as eventLoopLagMs)',
    () => sources.longestStallMs() / 1000,
  );
  perWorker(
    'marketplace_db_pool_size',
    'Connections the database pool may hold (the embedded database: 1)',
    () => sources.database.stats().total,
  );
  perWorker(
    'marketplace_db_pool_in_use',
    'Database connections running a query or holding a transaction',
    () => sources.database.stats().inUse,
  );
  perWorker(
    'marketplace_db_pool_waiting',
    'Queries waiting for a database connection (the embedded database: for the one ahead)',
    () => sources.database.stats().waiting,
  );

  new Counter({
    name: 'marketplace_db_query_errors_total',
    help: 'Failed database queries: unavailable (no answer), timeout, refused (the statement failed)',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      this.reset();
      for (const [kind, count] of Object.entries(sources.database.stats().queryErrors))
        this.inc({ kind }, count);
    },
  });
  const cacheCounter = (name: string, help: string, field: 'hits' | 'misses') =>
    new Counter({
      name,
      help,
      labelNames: ['cache'] as const,
      registers,
      collect() {
        this.reset();
        for (const [cache, { stats }] of Object.entries(sources.caches)) this.inc({ cache }, stats[field]);
      },
    });
  cacheCounter('marketplace_read_cache_hits_total', 'Reads answered from a read cache', 'hits');
  cacheCounter('marketplace_read_cache_misses_total', 'Reads that loaded from the database', 'misses');

  new Gauge({
    name: 'marketplace_shared_store_state',
    help: 'Processes whose Redis (REDIS_URL) is in each state: off (not set), connecting, up, down (counting in memory)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const current = sources.sharedStore();
      for (const state of SHARED_STORE_STATES) this.set({ state }, state === current ? 1 : 0);
    },
  });
  new Gauge({
    name: 'marketplace_live_streams_open',
    help: 'Open event streams (GET /api/events)',
    registers,
    collect() {
      this.set(sources.liveStreams());
    },
  });

  // One read serves both outbox gauges of a scrape.
  let outboxRead: Promise<{ count: number; oldest: Date | null } | undefined> | undefined;
  const readOutbox = () => {
    outboxRead ??= withTimeout(sources.outbox(), OUTBOX_READ_MS)
      .catch(() => undefined)
      .finally(() => setTimeout(() => (outboxRead = undefined), 0).unref());
    return outboxRead;
  };
  new Gauge({
    name: 'marketplace_mail_outbox_depth',
    help: 'Mails waiting in the outbox (absent when the database did not answer)',
    aggregator: 'max',
    registers,
    async collect() {
      this.reset();
      const outbox = await readOutbox();
      if (outbox) this.set(outbox.count);
    },
  });
  new Gauge({
    name: 'marketplace_mail_outbox_oldest_age_seconds',
    help: 'How long the oldest waiting mail has waited (0 when none waits)',
    aggregator: 'max',
    registers,
    async collect() {
      this.reset();
      const outbox = await readOutbox();
      if (outbox) this.set(outbox.oldest ? Math.max(0, (sources.now() - outbox.oldest.getTime()) / 1000) : 0);
    },
  });

  // Children by label values, so a request does not hash its labels (bounded: routes x methods x 5).
  const children = new Map<string, ReturnType<typeof duration.labels>>();
  const refusalsByRoute = new Map<string, ReturnType<typeof refusals.labels>>();

  return {
    registry,
    requestStarted: () => inFlight.inc(),
    requestEnded: () => inFlight.dec(),
    /** A request answered: `route` is its pattern (`/api/posts/:postId`) or 'unmatched'. */
    requestAnswered(method: string, route: string, status: number, seconds: number) {
      const statusClass = `${Math.floor(status / 100)}xx`;
      const key = `${method} ${route} ${statusClass}`;
      let child = children.get(key);
      if (!child) {
        child = duration.labels(method, route, statusClass);
        children.set(key, child);
      }
      child.observe(seconds);
      if (status === 429) {
        let refused = refusalsByRoute.get(route);
        if (!refused) {
          refused = refusals.labels(route);
          refusalsByRoute.set(route, refused);
        }
        refused.inc();
      }
    },
    /** A background job ran (`ok` false: it threw). */
    jobRan(job: string, ok: boolean) {
      jobRuns.inc({ job });
      if (!ok) jobFailures.inc({ job });
    },
  };
}
