// Log lines are written off the event loop (decision 042) and none is lost on the way out: the real
// server's access lines are all there after a SIGTERM, and a process that crashes writes its buffer
// and a fatal line before it exits.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from './test/pg-cluster';
import { startServer, waitForReady } from './test/server-process';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mkt-logs-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('writes every access line before exiting on SIGTERM', async () => {
  const port = await freePort();
  const server = startServer(dataDir, { PORT: String(port), NODE_ENV: 'production' });
  await waitForReady(port, server.child);
  const sent = 200;
  await Promise.all(
    Array.from({ length: sent }, () =>
      fetch(`http://127.0.0.1:${port}/api/first-payload`).then((r) => r.text()),
    ),
  );
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  const lines = server
    .output()
    .split('\n')
    .filter((line) => line.includes('"route":"/api/first-payload"'));
  expect(lines).toHaveLength(sent);
  expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ msg: 'request', method: 'GET', status: 200 });
}, 120_000);

it('writes what is buffered and a fatal line when the process crashes', async () => {
  // The server's own destination and crash handler, in a process that logs and then throws.
  const script = `
    import pino from 'pino';
    import { asyncStdout, exitOnCrash } from './server/log-destination.ts';
    const destination = asyncStdout();
    const log = pino(destination);
    exitOnCrash(log, destination);
    for (let i = 0; i < 5000; i++) log.info({ i }, 'line');
    setTimeout(() => { throw new Error('boom'); }, 0);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(code).toBe(1);
  const lines = out.split('\n').filter((l) => l.startsWith('{'));
  expect(lines.filter((l) => l.includes('"msg":"line"'))).toHaveLength(5000);
  const fatal = JSON.parse(lines.at(-1) ?? '{}');
  expect(fatal).toMatchObject({ level: 60, msg: 'uncaught exception: exiting', err: { message: 'boom' } });
}, 60_000);
