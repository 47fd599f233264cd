// The real entry point (server/main.ts) as a child process, for tests of what only a real server shows:
// signals, exit codes, memory (RSS) under real sockets.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
}

/**
 * `gcOnSignal`: the process collects garbage on SIGUSR2 (see gc-on-signal.mjs), for steady RSS samples.
 * `built`: runs a bundle of scripts/build-server.ts (as `npm start` does) instead of the TypeScript.
 */
export function startServer(
  dataDir: string,
  env: Record<string, string>,
  { gcOnSignal = false, built }: { gcOnSignal?: boolean; built?: string } = {},
): ServerProcess {
  const gcArgs = gcOnSignal ? ['--expose-gc', '--import', './server/test/gc-on-signal.mjs'] : [];
  const entry = built ? ['--enable-source-maps', built] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, [...gcArgs, ...entry], {
    env: {
      // As `npm start` runs it: glibc's per-thread malloc arenas otherwise keep tens of MB once the
      // database's worker thread is busy beside the main one (decision 029), and a fixed mmap threshold
      // gives large buffers (images' pixels) back when freed instead of keeping them in the arenas
      // (decision 043).
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
      ...process.env,
      // Not a Vitest worker: the real server's password cost (auth/passwords.ts).
      VITEST: '',
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'none'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

// Generous: on a busy machine tsx, PGlite and the migrations can take tens of seconds to start.
const START_DEADLINE_MS = 90_000;

export async function waitForReady(port: number, child: ChildProcess) {
  const deadline = Date.now() + START_DEADLINE_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become ready');
}

/** Asks a process started with `gcOnSignal` to collect garbage, and gives it a moment to. */
export async function collectGarbage(child: ChildProcess) {
  child.kill('SIGUSR2');
  await new Promise((r) => setTimeout(r, 500));
}

/** The resident set size of a process in bytes (Linux: /proc/<pid>/status). */
export function rssOf(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) * 1024;
}

/** Bytes a process has read through read/recv system calls, sockets included (Linux: /proc/<pid>/io). */
export function bytesReadBy(pid: number): number {
  const match = /^rchar:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'));
  if (!match) throw new Error(`no rchar for ${pid}`);
  return Number(match[1]);
}

/**
 * Waits for a server started with PORT=0 (the system picks a free port) to be ready; answers its
 * base URL, read from Fastify's "Server listening at" log line.
 */
export async function readyUrl(server: ServerProcess): Promise<string> {
  const deadline = Date.now() + START_DEADLINE_MS;
  while (Date.now() < deadline && server.child.exitCode === null) {
    const port = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(server.output())?.[1];
    if (port) {
      await waitForReady(Number(port), server.child);
      return `http://127.0.0.1:${port}`;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start:\n${server.output()}`);
}
