// With WEB_CONCURRENCY=2 one scrape of /metrics covers both workers (decision 042): whichever worker
// the scrape reaches asks the primary, which sums every worker's registry.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, clusterSkipReason, createCluster, freePort } from '../test/pg-cluster';
import { startServer, waitForReady } from '../test/server-process';

const TOKEN = 'process-test-metrics-token-0123456789abcdef';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mkt-metrics-workers-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.skipIf(clusterSkipReason)(
  `one scrape, two workers (${clusterSkipReason ?? 'throwaway PostgreSQL'})`,
  () => {
    let cluster: Cluster;
    beforeAll(async () => {
      cluster = await createCluster();
    }, 60_000);
    afterAll(() => cluster?.destroy());

    it('counts the requests of both workers and shows each worker’s memory', async () => {
      const port = await freePort();
      const server = startServer(dataDir, {
        PORT: String(port),
        DATABASE_URL: cluster.url,
        WEB_CONCURRENCY: '2',
        METRICS_TOKEN: TOKEN,
      });
      const base = `http://127.0.0.1:${port}`;
      try {
        await waitForReady(port, server.child);
        // Each worker says it is ready once its migrations are done.
        await expect
          .poll(() => server.output().match(/"msg":"marketplace ready/g)?.length ?? 0, { timeout: 60_000 })
          .toBe(2);
        const sent = 40;
        for (let i = 0; i < sent; i++) {
          // A new connection each: the primary hands connections to the workers in turn.
          const res = await fetch(`${base}/healthz`, { headers: { connection: 'close' } });
          expect(res.status).toBe(200);
        }
        const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
        expect(res.status).toBe(200);
        const text = await res.text();

        const servedBy = new Map<number, number>();
        for (const m of server.output().matchAll(/"pid":(\d+)[^\n]*"route":"\/healthz"/g))
          servedBy.set(Number(m[1]), (servedBy.get(Number(m[1])) ?? 0) + 1);
        expect([...servedBy.values()].filter((n) => n > 0)).toHaveLength(2); // both served some
        expect(text).toContain(
          `marketplace_http_request_duration_seconds_count{method="GET",route="/healthz",status_class="2xx"} ${sent}`,
        );
        expect(text).toMatch(/^process_resident_memory_bytes\{worker="1"\} \d+/m);
        expect(text).toMatch(/^process_resident_memory_bytes\{worker="2"\} \d+/m);
        expect(text).toMatch(/^marketplace_db_pool_size\{worker="1"\} 10$/m);
        expect(text).toMatch(/^marketplace_db_pool_size\{worker="2"\} 10$/m);
        // Read from the shared database by both: the larger answer, not the sum.
        expect(text).toMatch(/^marketplace_mail_outbox_depth 0$/m);
        expect((await fetch(`${base}/metrics`)).status).toBe(404);
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGTERM');
        await server.exited;
      }
    }, 180_000);
  },
);
