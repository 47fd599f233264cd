// Limits that protect everyone (DESIGN §7b), on the real process: only a listening server shows a
// blocked event loop, a body limit met while the body streams in, or a stalled socket being cut.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
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
  server = startServer(dataDir, { PORT: '0', LOGIN_ATTEMPTS_PER_IP: '1000' });
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
