import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages';
import { type Cluster, clusterSkipReason, createCluster, freePort } from '../test/pg-cluster';
import { type ServerProcess, startServer as startProcess } from '../test/server-process';

const STOPS = 5;
const WRITERS = 8;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let cluster: Cluster;
let server: ServerProcess;
let base: string;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mkt-outage-'));

// A load test from one machine: 8 writers, one address, so every limit is raised.
const startServer = (env: Record<string, string>) =>
  startProcess(dataDir, { LIMITS_MULTIPLIER: '1000', ...env });

const logLines = () =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string; reqId?: string });

async function status(pathname: string, init?: RequestInit) {
  const res = await fetch(`${base}${pathname}`, init);
  return { status: res.status, body: await res.json().catch(() => null) };
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server exited while waiting for ${what}`);
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(clusterSkipReason)(
  `database outages, real process (${clusterSkipReason ?? 'throwaway PostgreSQL'})`,
  () => {
    beforeAll(async () => {
      cluster = await createCluster({ started: false });
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      server = startServer({
        PORT: String(port),
        DATABASE_URL: cluster.url,
        DB_STATEMENT_TIMEOUT_MS: '3000',
        DB_CONNECT_TIMEOUT_MS: '1000',
      });
    }, 30_000);
    afterAll(async () => {
      if (server && server.child.exitCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
      await cluster?.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('starts with the database down: live, not ready, 503s, then serves once the database answers', async () => {
      await until(async () => (await fetch(`${base}/healthz`)).ok, 20_000, 'the server to listen');
      const ready = await status('/readyz');
      const list = await status('/api/posts');
      const signup = await status('/api/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Rudo',
          email: 'rudo@example.co.zw',
          phoneNumber: '0771234567',
          password: 'password123',
        }),
      });
      expect(ready).toMatchObject({ status: 503, body: { status: 'unavailable', database: 'starting' } });
      expect(list).toEqual({ status: 503, body: { message: MSG.errors.unavailable } });
      expect(signup).toEqual({ status: 503, body: { message: MSG.errors.unavailable } });
      await sleep(1000); // a few connection attempts fail meanwhile

      await cluster.start();
      const waitedFrom = Date.now();
      await until(async () => (await fetch(`${base}/readyz`)).ok, 15_000, 'readiness');
      const readyAfterMs = Date.now() - waitedFrom;
      expect((await status('/api/posts')).status).toBe(200);

      const lines = logLines();
      const downLines = lines.filter((l) => l.msg.startsWith('database unreachable at start'));
      const upLines = lines.filter((l) => l.msg.startsWith('database reachable: migrations applied'));
      console.info(
        `[boot without database] process alive: ${server.child.exitCode === null}; ` +
          `before the database: /healthz 200, /readyz ${ready.status}, GET /api/posts ${list.status}, ` +
          `POST /api/signup ${signup.status}; ready ${readyAfterMs} ms after PostgreSQL started; ` +
          `log: ${downLines.length} 'unreachable' line, ${upLines.length} 'reachable' line, ` +
          `${lines.filter((l) => l.level >= 50).length} error-level lines in all`,
      );
      expect(downLines).toHaveLength(1);
      expect(upLines).toHaveLength(1);
      // The start's sweeps waited for the migrations instead of failing with 'not ready'.
      expect(lines.filter((l) => l.msg.endsWith('sweep failed'))).toEqual([]);
      expect(server.output()).not.toMatch(/Failed to start/);
    }, 40_000);

    it(`survives ${STOPS} crashes of PostgreSQL under ${WRITERS} writers: only 2xx/503, every acknowledged write stored`, async () => {
      if (server.child.exitCode !== null) throw new Error('the server is not running');
      // Writers: signed-in users commenting on one published post.
      const cookies: string[] = [];
      let userId = 0;
      for (let i = 0; i < WRITERS; i++) {
        const account = {
          name: `Writer ${i}`,
          email: `writer${i}@example.co.zw`,
          phoneNumber: '0771234567',
          password: 'password123',
        };
        const signup = await fetch(`${base}/api/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(account),
        });
        expect(signup.status).toBe(201);
        userId = ((await signup.json()) as { user_id: number }).user_id;
        const login = await fetch(`${base}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: account.email, password: account.password }),
        });
        const sid = /sid=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0];
        if (login.status !== 200 || !sid) throw new Error(`login failed: ${login.status}`);
        cookies.push(sid);
      }
      const [post] = await cluster.query<{ id: number }>(
        `insert into posts (user_id, type, sell_or_buy, name, category, price, payment_methods, details, city,
         location, is_published, published_at)
       values ($1, 'product', 'Sell', 'Outage fridge', 'Home and Kitchen', '100', 'Cash', 'Test', 'Harare',
         'Avondale', true, now()) returning id`,
        [userId],
      );
      const postId = post?.id;

      const statuses = new Map<string, number>();
      const acknowledged: string[] = [];
      let networkErrors = 0;
      let writing = true;
      const writer = async (w: number) => {
        for (let n = 0; writing; n++) {
          const content = `outage w${w} n${n}`;
          try {
            const res = await fetch(`${base}/api/comments`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie: cookies[w] as string },
              body: JSON.stringify({ postId, content }),
            });
            await res.arrayBuffer();
            statuses.set(String(res.status), (statuses.get(String(res.status)) ?? 0) + 1);
            if (res.status === 201) acknowledged.push(content);
            else await sleep(20);
          } catch {
            networkErrors++; // the server did not answer at all
            await sleep(50);
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));

      const recoveries: number[] = [];
      try {
        for (let stop = 0; stop < STOPS; stop++) {
          await until(async () => acknowledged.length > 0, 10_000, 'the first writes');
          await sleep(800); // writes in flight
          await cluster.stop('immediate');
          await sleep(600); // writers meet the outage
          await cluster.start();
          const before = acknowledged.length;
          const startedAt = Date.now();
          await until(async () => acknowledged.length > before, 15_000, `writes after restart ${stop + 1}`);
          recoveries.push(Date.now() - startedAt);
        }
        await sleep(300);
      } finally {
        writing = false;
        await Promise.all(writers);
      }

      const stored = new Set(
        (
          await cluster.query<{ content: string }>(
            "select content from comments where content like 'outage %'",
          )
        ).map((r) => r.content),
      );
      const missing = acknowledged.filter((c) => !stored.has(c));
      const [counter] = await cluster.query<{ comment_count: number }>(
        'select comment_count from posts where id = $1',
        [postId],
      );
      const lines = logLines();
      const figures = {
        processAlive: server.child.exitCode === null,
        statuses: Object.fromEntries([...statuses].sort()),
        networkErrors,
        acknowledged: acknowledged.length,
        stored: stored.size,
        acknowledgedButMissing: missing.length,
        commentCount: counter?.comment_count,
        recoveryMsAfterEachStart: recoveries,
        logDownLines: lines.filter((l) => l.msg.startsWith('database unreachable:')).length,
        logUpLines: lines.filter((l) => l.msg.startsWith('database reachable again')).length,
        perRequestErrorLines: lines.filter((l) => l.level >= 50 && l.reqId).length,
      };
      console.info(`[${STOPS} immediate stops, ${WRITERS} writers] ${JSON.stringify(figures)}`);

      expect(figures.processAlive).toBe(true);
      expect(networkErrors).toBe(0);
      expect(Object.keys(figures.statuses).sort()).toEqual(['201', '503']);
      expect(missing).toEqual([]);
      expect(counter?.comment_count).toBe(stored.size); // the counter moved in the same transactions
      expect(figures.perRequestErrorLines).toBe(0);
      // Recovered without a restart: ready, and a write goes through.
      expect((await status('/readyz')).status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }, 60_000);
  },
);
