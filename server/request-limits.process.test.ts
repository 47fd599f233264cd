// Limits that protect everyone (DESIGN §7b), on the real process: only a listening server shows a
// blocked event loop, a body limit met while the body streams in, or a stalled socket being cut.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG } from '../shared/messages';
import { readyUrl, type ServerProcess, startServer } from './test/server-process';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mkt-limits-'));
let server: ServerProcess;
let base: string;

beforeAll(async () => {
  // A copy of the migrated template starts faster than a fresh database (server/test/harness.ts).
  const template = inject('pgliteTemplate');
  if (template) cpSync(template, path.join(dataDir, 'db'), { recursive: true });
  // A short idle timeout, so a stalled request is cut within the test.
  server = startServer(dataDir, { PORT: '0', LOGIN_ATTEMPTS_PER_IP: '1000', IDLE_TIMEOUT_SECONDS: '2' });
  base = await readyUrl(server);
}, 120_000);
afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/** Asks /healthz back to back until `busy` settles (at least once); answers the slowest answer in ms. */
async function slowestHealthz(busy: Promise<unknown>): Promise<number> {
  let settled = false;
  void busy.finally(() => {
    settled = true;
  });
  let slowest = 0;
  do {
    const { value, ms } = await timed(() => fetch(`${base}/healthz`));
    expect(value.status).toBe(200);
    slowest = Math.max(slowest, ms);
  } while (!settled);
  return slowest;
}

const postJson = (url: string, body: string) =>
  fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
    async (res) => ({ status: res.status, body: await res.json() }),
  );

describe('an oversized body', () => {
  // An email of many dots used to make the email pattern backtrack quadratically: 100 KB blocked the
  // whole server for 13 s, 1 MB for about 20 minutes.
  it.each([
    ['/api/login', 100_000],
    ['/api/login', 1_000_000],
    ['/api/signup', 100_000],
  ])(
    'to %s (%i dots) is a 413 at once, and /healthz stays fast meanwhile',
    async (url, dots) => {
      const body = JSON.stringify({
        name: 'A',
        email: `a@${'.'.repeat(dots)}@`,
        password: 'x',
        phoneNumber: '',
      });
      const answer = timed(() => postJson(url, body));
      const healthzMs = await slowestHealthz(answer);
      const { value, ms } = await answer;
      expect(value).toEqual({ status: 413, body: { message: MSG.errors.tooLarge } });
      expect(ms, 'answer time').toBeLessThan(2000);
      expect(healthzMs, 'slowest /healthz').toBeLessThan(1000);
    },
    30_000,
  );

  it('within the limit, an email of dots is a quick 400', async () => {
    const body = JSON.stringify({ email: `a@${'.'.repeat(1500)}@`, password: 'x' });
    const { value, ms } = await timed(() => postJson('/api/login', body));
    expect(value).toEqual({
      status: 400,
      body: { message: MSG.login.invalidEmail, errors: { email: MSG.login.invalidEmail } },
    });
    expect(ms).toBeLessThan(1000);
  }, 30_000);
});

describe('timeouts (IDLE_TIMEOUT_SECONDS=2 here)', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** A raw connection to the server: what it received, and when it closed (ms after opening). */
  function connect() {
    const { port } = new URL(base);
    const socket = net.connect(Number(port), '127.0.0.1');
    const opened = performance.now();
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk;
    });
    socket.on('error', () => {});
    const closed = new Promise<number>((resolve) =>
      socket.on('close', () => resolve(performance.now() - opened)),
    );
    return { socket, closed, received: () => received };
  }

  const head = (length: number) =>
    `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  it('closes a connection whose body stalls, and /healthz stays fast meanwhile', async () => {
    const client = connect();
    client.socket.write(`${head(100)}{"email":"kuda@example.co.zw",`);
    let slowestHealthz = 0;
    for (let i = 0; i < 4; i++) {
      const { value, ms } = await timed(() => fetch(`${base}/healthz`));
      expect(value.status).toBe(200);
      slowestHealthz = Math.max(slowestHealthz, ms);
      await sleep(250);
    }
    const closedAfter = await Promise.race([
      client.closed,
      sleep(15_000).then(() => Number.POSITIVE_INFINITY),
    ]);
    expect(closedAfter, 'closed after (ms)').toBeGreaterThanOrEqual(1500);
    expect(closedAfter, 'closed after (ms)').toBeLessThan(10_000);
    expect(client.received()).toBe('');
    expect(slowestHealthz).toBeLessThan(1000);
  }, 30_000);

  it('answers a slow body that keeps arriving, however long it takes in total', async () => {
    const body = JSON.stringify({ email: 'kuda@example.co.zw', password: 'not the password' });
    const client = connect();
    client.socket.write(head(Buffer.byteLength(body)));
    // Five pieces a second apart: 5 s in all, longer than the idle timeout, never idle that long.
    const size = Math.ceil(body.length / 5);
    for (let at = 0; at < body.length; at += size) {
      await sleep(1000);
      client.socket.write(body.slice(at, at + size));
    }
    for (let i = 0; i < 50 && !client.received().includes('\r\n\r\n'); i++) await sleep(100);
    expect(client.received()).toMatch(/^HTTP\/1\.1 401 /);
    client.socket.destroy();
  }, 30_000);
});
