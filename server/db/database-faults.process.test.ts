// What a client sees when the PostgreSQL server misbehaves under a request: a statement that waits too
// long, a server that stops answering, a connection cut mid-transaction (with and without an error
// code), a server that accepts connections and never answers. Always the DESIGN §4 503, the process
// lives, the failure is logged once without SQL, and the next request works. Runs on a throwaway
// cluster (server/test/pg-cluster.ts) it can stop, hang and kill.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages';
import { createUser, type TestUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { type Cluster, clusterSkipReason, createCluster } from '../test/pg-cluster';
import { insertPost } from '../test/post-factory';

const STATEMENT_TIMEOUT_MS = 2000;
const CONNECT_TIMEOUT_MS = 500;

let cluster: Cluster;
let t: TestApp;
let user: TestUser;
let postId: number;

describe.skipIf(clusterSkipReason)(`database faults (${clusterSkipReason ?? 'throwaway PostgreSQL'})`, () => {
  beforeAll(async () => {
    cluster = await createCluster();
    t = await createTestApp({
      DATABASE_URL: cluster.url,
      DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
    });
    user = await createUser(t.app);
    postId = (await insertPost(t, user.id)).id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await cluster?.destroy();
  });

  const comment = (content = 'Is it still available?') =>
    t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: { cookie: user.cookie },
      payload: { postId, content },
    });
  const logsSince = (from: number) => t.logs.slice(from).join('');
  const expectUnavailable = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ success: false, message: MSG.errors.unavailable });
  };

  /** Holds an exclusive lock on comments, so a comment's insert waits; returns the waiting backend. */
  async function commentWaitingOnALock() {
    const admin = new pg.Client({ connectionString: cluster.url });
    admin.on('error', () => {}); // a test below crashes the whole cluster
    await admin.connect();
    await admin.query('begin');
    await admin.query('lock table comments in access exclusive mode');
    const response = comment();
    let waiting: number | undefined;
    for (let i = 0; i < 200 && waiting === undefined; i++) {
      const rows = await cluster.query<{ pid: number }>(
        // The first statement to touch comments waits (a new account's first-day count, or the insert).
        "select pid from pg_stat_activity where wait_event_type = 'Lock' and (query like '%from \"comments\"%' or query like 'insert into \"comments\"%')",
      );
      waiting = rows[0]?.pid;
      if (waiting === undefined) await new Promise((r) => setTimeout(r, 10));
    }
    if (waiting === undefined) throw new Error('the comment never waited on the lock');
    const release = () => admin.end().catch(() => {});
    return { response, pid: waiting, release };
  }

  it('logs a lost pool connection (and keeps serving)', async () => {
    await t.app.inject('/readyz'); // an idle connection in the pool
    const from = t.logs.length;
    await cluster.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()",
    );
    await expect.poll(() => logsSince(from), { timeout: 5000 }).toMatch(/a database connection was lost/);
    expect(logsSince(from)).toMatch(/57P01/);
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
  });

  it('answers 503 when a statement waits longer than DB_STATEMENT_TIMEOUT_MS, without logging its SQL', async () => {
    const { response, release } = await commentWaitingOnALock();
    const from = t.logs.length;
    const started = Date.now();
    const res = await response;
    await release();
    expectUnavailable(res);
    expect(Date.now() - started).toBeLessThan(STATEMENT_TIMEOUT_MS + 1500);
    expect(logsSince(from)).toMatch(/database did not answer in time/);
    expect(logsSince(from)).not.toMatch(/insert into|Is it still available/);
    expect((await comment()).statusCode).toBe(201);
  });

  it('answers 503 when the server ends the connection in the middle of a transaction (57P01)', async () => {
    const { response, pid, release } = await commentWaitingOnALock();
    await cluster.query('select pg_terminate_backend($1)', [pid]);
    expectUnavailable(await response);
    await release();
    expect((await comment()).statusCode).toBe(201);
  });

  it('answers 503 when the server stops answering a query, and drops that connection', async () => {
    await t.restart(); // an empty pool
    await t.app.inject('/readyz'); // exactly one idle connection
    // Every pooled connection, once idle (the closed app's may take a moment to go). The start-up sweeps
    // (jobs.ts) open connections of their own: wait until the set stops changing, or one still being
    // opened at the first look would serve the request below.
    let pooled: Array<{ pid: number; state: string }> = [];
    let seen = '';
    await expect
      .poll(async () => {
        pooled = await cluster.query(
          "select pid, state from pg_stat_activity where application_name = 'marketplace' order by pid",
        );
        const now = pooled.map((b) => b.pid).join(',');
        const settled = now === seen && pooled.length > 0 && pooled.every((b) => b.state === 'idle');
        seen = now;
        return settled;
      })
      .toBe(true);
    for (const backend of pooled) process.kill(backend.pid, 'SIGSTOP');
    try {
      const res = await t.app.inject(`/api/comments/post/${postId}`);
      expectUnavailable(res);
    } finally {
      for (const backend of pooled) process.kill(backend.pid, 'SIGCONT');
    }
    // The hung connection is gone, not handed to the next request.
    expect((await t.app.inject(`/api/comments/post/${postId}`)).statusCode).toBe(200);
  }, 30_000);

  it('answers 503 when the server accepts connections and never answers, logs it once, and recovers', async () => {
    await t.restart(); // no pooled connection: the next request must connect
    const from = t.logs.length;
    const postmaster = cluster.postmasterPid();
    process.kill(postmaster, 'SIGSTOP');
    try {
      const responses = await Promise.all([1, 2, 3].map(() => t.app.inject(`/api/comments/post/${postId}`)));
      for (const res of responses) expectUnavailable(res);
      await expect.poll(() => logsSince(from), { timeout: 5000 }).toMatch(/database unreachable/);
    } finally {
      process.kill(postmaster, 'SIGCONT');
    }
    await expect.poll(async () => (await t.app.inject('/readyz')).statusCode, { timeout: 10_000 }).toBe(200);
    await expect.poll(() => logsSince(from), { timeout: 10_000 }).toMatch(/database reachable again/);
    // One line for the outage, none per request, and no stack trace or SQL in any of them.
    const lines = t.logs.slice(from).map((line) => JSON.parse(line));
    expect(lines.filter((l) => l.msg.startsWith('database unreachable'))).toHaveLength(1);
    expect(lines.filter((l) => l.level >= 40 && l.reqId)).toEqual([]);
    expect(logsSince(from)).not.toMatch(/\\n +at |select /);
  }, 30_000);

  it('answers 503 when a backend dies without a word (Connection terminated unexpectedly), then recovers', async () => {
    const { response, pid, release } = await commentWaitingOnALock();
    process.kill(pid, 'SIGKILL'); // the postmaster then restarts every backend (crash recovery)
    expectUnavailable(await response);
    await release();
    await expect.poll(async () => (await comment()).statusCode, { timeout: 15_000, interval: 200 }).toBe(201);
  }, 30_000);
});
