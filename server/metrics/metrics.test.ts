// GET /metrics (decision 042): only with the token, in the Prometheus text format, with route
// patterns as labels and the parts' own counts (caches, database, jobs, limits, outbox).
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';

const TOKEN = 'test-metrics-token-0123456789abcdef0123456789';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN, LOGIN_ATTEMPTS_PER_IP: '2' });
}, 120_000);
afterAll(() => t.close());

async function scrape(app = t.app) {
  const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The value of one series, e.g. `marketplace_read_cache_hits_total{cache="feed"}`; undefined if absent. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const requestCount = (text: string, route: string, statusClass: string, method = 'GET') =>
  value(
    text,
    `marketplace_http_request_duration_seconds_count{method="${method}",route="${route}",status_class="${statusClass}"}`,
  ) ?? 0;

describe('who may read /metrics', () => {
  it('is a 404 without the token, with another token, or with a token sent another way', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer wrong-token-0123456789abcdef0123456789ab' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ]) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('marketplace_');
    }
  });

  it('is a 404 for everyone when METRICS_TOKEN is not set', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual((await plain.app.inject('/no-such-thing.txt')).json());
    } finally {
      await plain.close();
    }
  }, 120_000);

  it('answers the Prometheus text format with the token', async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(/^# HELP marketplace_http_request_duration_seconds /m);
  });
});

describe('requests', () => {
  it('moves the duration histogram of the route after requests', async () => {
    const before = requestCount(await scrape(), '/api/first-payload', '2xx');
    for (let i = 0; i < 3; i++) expect((await t.app.inject('/api/first-payload')).statusCode).toBe(200);
    const after = await scrape();
    expect(requestCount(after, '/api/first-payload', '2xx')).toBe(before + 3);
    expect(
      value(
        after,
        'marketplace_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/first-payload",status_class="2xx"}',
      ),
    ).toBe(before + 3);
  });

  it('labels a request by its route pattern, never its path', async () => {
    const res = await t.app.inject('/api/posts/987654321');
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject('/api/no-such-call/123456789')).statusCode).toBe(404);
    const text = await scrape();
    expect(requestCount(text, '/api/posts/:postId', '4xx')).toBeGreaterThanOrEqual(1);
    expect(requestCount(text, 'unmatched', '4xx')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('987654321');
    expect(text).not.toContain('123456789');
    expect(text).not.toContain('no-such-call');
  });
});

describe('the parts', () => {
  it("counts each read cache's hits and misses", async () => {
    const before = await scrape();
    const hits = value(before, 'marketplace_read_cache_hits_total{cache="feed"}') ?? 0;
    const misses = value(before, 'marketplace_read_cache_misses_total{cache="feed"}') ?? 0;
    await t.app.inject('/api/posts?search=tractor');
    await t.app.inject('/api/posts?search=tractor');
    const after = await scrape();
    expect(value(after, 'marketplace_read_cache_misses_total{cache="feed"}')).toBe(misses + 1);
    expect(value(after, 'marketplace_read_cache_hits_total{cache="feed"}')).toBe(hits + 1);
    for (const cache of ['comments', 'sessions'])
      expect(value(after, `marketplace_read_cache_hits_total{cache="${cache}"}`)).toBeTypeOf('number');
  });

  it('shows the database pool, the outbox, the streams, the shared store and the process', async () => {
    await createUser(t.app); // queues a confirmation mail
    const text = await scrape();
    // PGlite runs one statement at a time; a PostgreSQL pool holds what it was configured to.
    expect(value(text, 'marketplace_db_pool_size{worker="0"}')).toBe(t.database.stats().total);
    expect(t.database.stats().total).toBe(process.env.DATABASE_URL ? 10 : 1);
    expect(value(text, 'marketplace_db_pool_in_use{worker="0"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'marketplace_db_pool_waiting{worker="0"}')).toBe(0);
    expect(value(text, 'marketplace_db_query_errors_total{kind="unavailable"}')).toBe(0);
    expect(value(text, 'marketplace_mail_outbox_depth')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'marketplace_mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'marketplace_live_streams_open')).toBe(0);
    expect(value(text, 'marketplace_shared_store_state{state="off"}')).toBe(1);
    expect(value(text, 'marketplace_shared_store_state{state="up"}')).toBe(0);
    expect(value(text, 'process_resident_memory_bytes{worker="0"}')).toBeGreaterThan(10_000_000);
    expect(value(text, 'nodejs_heap_size_used_bytes{worker="0"}')).toBeGreaterThan(0);
    expect(value(text, 'marketplace_event_loop_lag_seconds{worker="0"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'marketplace_http_requests_in_flight')).toBe(1); // the scrape itself
  });

  it('shows the heap kept after the last full collection, read from the GC events', async () => {
    v8.setFlagsFromString('--expose-gc');
    const collect = vm.runInNewContext('gc') as () => void;
    collect();
    await expect
      .poll(async () => value(await scrape(), 'marketplace_heap_after_full_gc_bytes{worker="0"}'), {
        timeout: 10_000,
      })
      .toBeGreaterThan(1_000_000);
    const kept = value(await scrape(), 'marketplace_heap_after_full_gc_bytes{worker="0"}') as number;
    expect(kept).toBeLessThanOrEqual(process.memoryUsage().heapTotal);
  });

  it('counts a statement the database refused as a query error', async () => {
    const before = value(await scrape(), 'marketplace_db_query_errors_total{kind="refused"}') ?? 0;
    await expect(t.database.db.execute(sql`select 1 / 0`)).rejects.toThrow();
    expect(value(await scrape(), 'marketplace_db_query_errors_total{kind="refused"}')).toBe(before + 1);
  });

  it('counts job runs by job', async () => {
    // The session and idempotency-key sweeps run once at start.
    await expect
      .poll(async () => value(await scrape(), 'marketplace_job_runs_total{job="expired session sweep"}'), {
        timeout: 10_000,
      })
      .toBe(1);
    expect(
      value(await scrape(), 'marketplace_job_failures_total{job="expired session sweep"}'),
    ).toBeUndefined();
  });
});

// Last: the app's login limit is spent afterwards (LOGIN_ATTEMPTS_PER_IP=2).
describe('limits', () => {
  it('counts rate-limit refusals by route', async () => {
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'nobody@example.co.zw', password: 'wrong password here' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await login()).statusCode);
    const refused = statuses.filter((s) => s === 429).length;
    expect(refused).toBeGreaterThanOrEqual(1);
    expect(value(await scrape(), 'marketplace_rate_limit_refusals_total{route="/api/login"}')).toBe(refused);
  });
});
