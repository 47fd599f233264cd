// npm run bench -- --logging: what the access log costs (decision 042). Two real server processes on
// fresh, empty embedded databases, one at LOG_LEVEL=info and one at warn, their stdout written to a
// file as a log collector's pipe would take it; each round loads a cached read (/api/first-payload)
// and /healthz on both at 10 connections, the two levels one after the other (the order alternating),
// so a machine that other work slows down slows both alike. Prints each round, the medians of req/s
// and of the server's CPU time per request (/proc: every thread), and the ratios; the budget is 0.9
// for the cached read (at most 10% lost to logging), judged on CPU per request, which other work on
// the machine disturbs far less than req/s.
// Options: --rounds N (5) --duration S (10) --warmup S (2) --latency-connections N (10)
//          --root DIR (another checkout's server/main.ts, to measure a version before this one).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../server/test/pg-cluster';
import { cannon } from './cannon';

export interface LoggingBenchOptions {
  rounds: number;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  root: string;
}

const LEVELS = ['info', 'warn'] as const;
const TARGETS = [
  ['GET /api/first-payload (cached read)', '/api/first-payload'],
  ['GET /healthz', '/healthz'],
] as const;
const BUDGET = 0.9;

interface Server {
  level: (typeof LEVELS)[number];
  url: string;
  child: ChildProcess;
  logFile: string;
}

/** The server as `npm start` runs it: the bundle of scripts/build-server.ts, built from `root`. */
function buildServer(root: string, outdir: string): string {
  const build = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/build-server.ts', '--outdir', outdir],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error(`building the server in ${root} failed`);
  return path.join(outdir, 'main.mjs');
}

async function startServer(
  level: Server['level'],
  scratch: string,
  root: string,
  entry: string,
): Promise<Server> {
  const port = await freePort();
  const dataDir = path.join(scratch, level);
  const logFile = path.join(scratch, `${level}.log`);
  const out = openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd: root,
    env: {
      ...process.env,
      MALLOC_ARENA_MAX: '2',
      NODE_ENV: 'production',
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'none'),
      PORT: String(port),
      LOG_LEVEL: level,
      LIMITS_MULTIPLIER: '1000',
    },
    stdio: ['ignore', out, 'inherit'],
  });
  await ready(`http://127.0.0.1:${port}/readyz`, child);
  return { level, url: `http://127.0.0.1:${port}`, child, logFile };
}

/** Waits for /readyz, for minutes if need be: a machine busy with other work starts slowly. */
async function ready(url: string, child: ChildProcess) {
  for (const deadline = Date.now() + 600_000; Date.now() < deadline && child.exitCode === null; ) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not become ready (${url})`);
}

/** The process's CPU time so far (every thread: the event loop, the log writes, the database's), in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

export async function runLoggingBench(options: LoggingBenchOptions) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-logging-'));
  const servers: Server[] = [];
  try {
    // Inside the checkout, so the bundle finds its packages in node_modules.
    const entry = buildServer(options.root, path.join(options.root, `dist/.bench-logging-${process.pid}`));
    for (const level of LEVELS) servers.push(await startServer(level, scratch, options.root, entry));
    console.log(
      `Access-log cost: ${options.root === process.cwd() ? 'this checkout' : options.root}, empty embedded databases, ` +
        `${options.connections} connections, ${options.durationSeconds} s per run after ${options.warmupSeconds} s warm-up, ` +
        `${options.rounds} rounds, stdout to a file.`,
    );
    const rps = new Map<string, number[]>();
    // The server's CPU time per request: what logging costs when the machine is not the server's alone
    // (req/s then says more about the other work than about the server).
    const cpu = new Map<string, number[]>();
    for (let round = 1; round <= options.rounds; round++) {
      const order = round % 2 ? servers : [...servers].reverse();
      const cells: string[] = [];
      for (const [name, url] of TARGETS) {
        for (const server of order) {
          const run = (durationSeconds: number) =>
            cannon(name, `${server.url}${url}`, { connections: options.connections, durationSeconds });
          if (options.warmupSeconds > 0) await run(options.warmupSeconds);
          const cpuBefore = cpuMs(server.child.pid ?? 0);
          const result = await run(options.durationSeconds);
          const requests = result.requestsPerSecond * options.durationSeconds;
          const cpuPerRequestUs = ((cpuMs(server.child.pid ?? 0) - cpuBefore) * 1000) / Math.max(1, requests);
          const key = `${name} ${server.level}`;
          rps.set(key, [...(rps.get(key) ?? []), result.requestsPerSecond]);
          cpu.set(key, [...(cpu.get(key) ?? []), cpuPerRequestUs]);
          cells.push(
            `${url} ${server.level} ${result.requestsPerSecond.toFixed(0)} req/s ${cpuPerRequestUs.toFixed(0)} µs CPU`,
          );
        }
      }
      console.log(`round ${round}: ${cells.join(', ')}`);
    }
    console.log(
      '\ntarget (medians)                        info req/s  warn req/s  info/warn  info µs CPU  warn µs CPU  warn/info CPU',
    );
    let verdict = true;
    for (const [name] of TARGETS) {
      const [info, warn] = ['info', 'warn'].map((level) => median(rps.get(`${name} ${level}`) ?? []));
      const [infoCpu, warnCpu] = ['info', 'warn'].map((level) => median(cpu.get(`${name} ${level}`) ?? []));
      const cpuRatio = (warnCpu ?? 0) / (infoCpu || 1);
      console.log(
        [
          name.padEnd(38),
          (info ?? 0).toFixed(0).padStart(10),
          (warn ?? 0).toFixed(0).padStart(10),
          ((info ?? 0) / (warn || 1)).toFixed(3).padStart(9),
          (infoCpu ?? 0).toFixed(0).padStart(11),
          (warnCpu ?? 0).toFixed(0).padStart(11),
          cpuRatio.toFixed(3).padStart(13),
        ].join('  '),
      );
      // CPU per request decides: a CPU-bound server's throughput is its inverse.
      if (name.includes('cached read')) verdict = cpuRatio >= BUDGET;
    }
    // This version's access line, or the 'request completed' line of one before it.
    const accessLine = /"msg":"request( completed)?"/;
    const lines = (file: string) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => accessLine.test(l)).length;
    for (const server of servers)
      console.log(
        `LOG_LEVEL=${server.level}: ${lines(server.logFile)} access lines, ${(statSync(server.logFile).size / 1e6).toFixed(1)} MB of log`,
      );
    console.log(
      `${verdict ? 'MET ' : 'MISS'}  info-level logging costs a cached read at most ${Math.round((1 - BUDGET) * 100)}% (CPU per request: median warn/info >= ${BUDGET})`,
    );
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => new Promise((resolve) => server.child.once('exit', resolve))));
    rmSync(scratch, { recursive: true, force: true });
    rmSync(path.join(options.root, `dist/.bench-logging-${process.pid}`), { recursive: true, force: true });
  }
}
