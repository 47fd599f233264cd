// WEB_CONCURRENCY runs several worker processes of the real entry point on one port (node:cluster): the
// primary replaces a worker that dies and stops them all on SIGTERM; PGlite refuses more than one.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, clusterSkipReason, createCluster, freePort } from './test/pg-cluster';
import { REDIS_TEST_URL, redisSkipReason, testPrefix } from './test/redis';
import { startServer, waitForReady } from './test/server-process';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mkt-workers-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check: () => boolean, what: string, output: () => string) {
  for (let i = 0; i < 600; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}:\n${output()}`);
}

describe('WEB_CONCURRENCY', () => {
  it('is refused on the embedded database, with a message saying why', async () => {
    const server = startServer(dataDir, { WEB_CONCURRENCY: '2' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(
      /WEB_CONCURRENCY: more than 1 worker needs a PostgreSQL server \(DATABASE_URL\)/,
    );
  }, 20_000);

  describe.skipIf(clusterSkipReason)(`on PostgreSQL (${clusterSkipReason ?? 'throwaway PostgreSQL'})`, () => {
    let cluster: Cluster;
    beforeAll(async () => {
      cluster = await createCluster();
    }, 60_000);
    afterAll(() => cluster?.destroy());

    it('runs N workers, replaces one that dies, and stops them all on SIGTERM', async () => {
      const port = await freePort();
      const redis: Record<string, string> = redisSkipReason
        ? {}
        : { REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: testPrefix('workers') };
      const server = startServer(dataDir, {
        PORT: String(port),
        DATABASE_URL: cluster.url,
        WEB_CONCURRENCY: '2',
        ...redis,
      });
      const workerPids = () =>
        [...server.output().matchAll(/"workerPid":(\d+)[^\n]*"msg":"worker started"/g)].map((m) =>
          Number(m[1]),
        );
      try {
        await waitForReady(port, server.child);
        await until(() => workerPids().length === 2, 'two workers', server.output);
        const [first = 0, second = 0] = workerPids();
        expect(isRunning(first) && isRunning(second)).toBe(true);
        expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

        process.kill(first, 'SIGKILL');
        await until(() => workerPids().length === 3, 'a replacement worker', server.output);
        expect(server.output()).toMatch(/"msg":"worker died: starting another"/);
        const replacement = workerPids()[2] ?? 0;
        await until(() => !isRunning(first), 'the dead worker to be gone', server.output);
        await waitForReady(port, server.child);

        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        expect(server.output()).toMatch(/"msg":"all workers stopped"/);
        expect([second, replacement].filter(isRunning)).toEqual([]);
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      }
    }, 120_000);
  });
});
