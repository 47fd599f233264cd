// The real entry point as a process: it starts on a fresh data directory, serves, and on SIGTERM
// finishes and exits 0; a bad setting stops it at once with a message naming the variable.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { startServer, waitForReady } from './test/server-process';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mkt-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const start = (env: Record<string, string>) => startServer(dataDir, env);

describe('server/main.ts', () => {
  it('runs as the bundle npm start builds: migrations and the database worker found beside it', async () => {
    // Inside the project: the bundle finds its npm packages in node_modules, as dist/server does.
    const outdir = path.resolve(`dist/.test-server-${process.pid}`);
    onTestFinished(() => rmSync(outdir, { recursive: true, force: true }));
    const build = spawnSync(process.execPath, [
      '--import',
      'tsx',
      'scripts/build-server.ts',
      '--outdir',
      outdir,
    ]);
    expect(build.status, String(build.stderr)).toBe(0);
    const port = 3900 + Math.floor(Math.random() * 90);
    const server = startServer(
      path.join(dataDir, 'bundle-data'),
      { PORT: String(port) },
      {
        built: path.join(outdir, 'main.mjs'),
      },
    );
    await waitForReady(port, server.child);
    const feed = await fetch(`http://127.0.0.1:${port}/api/first-payload`);
    expect(feed.status).toBe(200);
    expect(await feed.json()).toMatchObject({ posts: [] });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('serves, then shuts down gracefully on SIGTERM with exit code 0', async () => {
    const port = 3900 + Math.floor(Math.random() * 90);
    const server = start({ PORT: String(port) });
    await waitForReady(port, server.child);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/shutting down/);
  }, 40_000);

  it('keeps an acknowledged write after kill -9, and refuses a second server on the same data', async () => {
    const port = 3900 + Math.floor(Math.random() * 90);
    const first = start({ PORT: String(port) });
    await waitForReady(port, first.child);
    const account = {
      name: 'Kuda Moyo',
      email: 'kuda@example.co.zw',
      phoneNumber: '0771234567',
      password: 'password123',
    };
    const signup = await fetch(`http://127.0.0.1:${port}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    expect(signup.status).toBe(201);

    const second = start({ PORT: String(port + 1) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/Another marketplace server \(pid \d+\) is using/);

    first.child.kill('SIGKILL');
    await first.exited;
    const again = start({ PORT: String(port) });
    await waitForReady(port, again.child);
    const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    expect(login.status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 60_000);

  it.each([
    ['PORT', 'eighty', /Invalid configuration[\s\S]*PORT/],
    [
      'DISPLAY_TIME_ZONE',
      'Mars/Olympus',
      /Invalid configuration[\s\S]*DISPLAY_TIME_ZONE: must be an IANA time zone/,
    ],
  ])(
    'refuses to start with a bad setting and names it (%s=%s)',
    async (name, value, message) => {
      const server = start({ [name]: value });
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(message);
    },
    20_000,
  );
});
