// The parts of a bench run shared by `npm run bench` and `npm run bench -- --scale`: the bare node:http
// hello-world every ratio is taken against, and one measured target (warm-up, then a timed run that
// records the server process's longest event-loop stall and peak RSS).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorStalls } from '../server/event-loop-lag';
import { type CannonResult, cannon } from './cannon';

export interface Target {
  name: string;
  url: string;
  /** A form-encoded POST body. */
  form?: string;
  /** The session cookie of a signed-in target. */
  cookie?: string;
}

/** The ceiling of any HTTP server on this machine: node:http answering a fixed JSON body. */
export async function startNodeHello(): Promise<{ url: string; close(): Promise<void> }> {
  const body = JSON.stringify({ hello: 'world' });
  const server = http.createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function createMeter(warmupSeconds: number, durationSeconds: number) {
  // The app runs in this process (autocannon in a child): a stall here is latency every request paid.
  const run = monitorStalls();
  const target = monitorStalls();
  let peakRss = 0;
  let targetPeakRss = 0;
  const sampler = setInterval(() => {
    const rss = process.memoryUsage.rss();
    peakRss = Math.max(peakRss, rss);
    targetPeakRss = Math.max(targetPeakRss, rss);
  }, 250);
  const MB = 1_048_576;

  return {
    async measure(t: Target, connections: number): Promise<CannonResult> {
      const options = { connections, form: t.form, cookie: t.cookie };
      if (warmupSeconds > 0) await cannon(t.name, t.url, { ...options, durationSeconds: warmupSeconds });
      target.reset();
      targetPeakRss = 0;
      const result = await cannon(t.name, t.url, { ...options, durationSeconds });
      return { ...result, maxStallMs: target.longestStallMs(), maxRssMb: targetPeakRss / MB };
    },
    longestStallMs: () => run.longestStallMs(),
    peakRssMb: () => peakRss / MB,
    stop() {
      clearInterval(sampler);
      run.stop();
      target.stop();
    },
  };
}
