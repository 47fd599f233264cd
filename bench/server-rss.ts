// npm run bench:rss: the resident memory of the real server process (dist/server/main.mjs, as `npm start`
// and the services run it) while 100 connections load its reads one after another: idle, per read and
// peak, against issue 12's budget (<= 200 MB). The server runs on the configured database (PGlite under
// DATA_DIR, or DATABASE_URL), seeded first (`npm run seed -- --count 100000`).
// --uncached starts it with FEED_CACHE_MS=0 SESSION_CACHE_MS=0: every read reaches the database, the
// most memory in flight. Options: --connections N (100) --duration S (8).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { freePort } from '../server/test/pg-cluster';
import { waitForReady } from '../server/test/server-process';
import { cannon } from './cannon';
import { signIn } from './fixtures';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '100' },
    duration: { type: 'string', default: '8' },
    uncached: { type: 'boolean', default: false },
  },
});
const BUDGET_MB = 200;
const ENTRY = 'dist/server/main.mjs';

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

async function main() {
  if (!existsSync(ENTRY)) {
    console.error(`${ENTRY} is missing: run npm run build:server first.`);
    process.exit(1);
  }
  const port = await freePort();
  const caches = values.uncached ? { FEED_CACHE_MS: '0', SESSION_CACHE_MS: '0' } : {};
  const child = spawn(process.execPath, ['--enable-source-maps', ENTRY], {
    env: { MALLOC_ARENA_MAX: '2', ...process.env, ...caches, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const pid = child.pid ?? 0;
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForReady(port, child);
    const { cookie } = await signIn(url);
    const page = (await (await fetch(`${url}/api/posts`)).json()) as { posts: { id: number }[] };
    const postId = page.posts[0]?.id ?? 1;
    const reads: [string, string, string?][] = [
      ['GET /api/first-payload', '/api/first-payload'],
      ['GET /api/posts', '/api/posts'],
      ['GET /api/posts (signed in)', '/api/posts', cookie],
      ['GET /api/posts?search=tile', '/api/posts?search=tile'],
      ['GET /api/posts?search=harare', '/api/posts?search=harare'],
      ['GET /api/comments/post/{id} (signed in)', `/api/comments/post/${postId}`, cookie],
      ['GET /favicon.svg', '/favicon.svg'],
    ];
    const idle = rssMb(pid);
    console.log(`Server RSS (${ENTRY}${values.uncached ? ', caches off' : ''}): idle ${idle.toFixed(0)} MB`);
    let peak = idle;
    for (const [name, path, session] of reads) {
      let readPeak = 0;
      const sampler = setInterval(() => {
        readPeak = Math.max(readPeak, rssMb(pid));
      }, 100);
      const result = await cannon(name, `${url}${path}`, {
        connections: Number(values.connections),
        durationSeconds: Number(values.duration),
        ...(session ? { cookie: session } : {}),
      });
      clearInterval(sampler);
      peak = Math.max(peak, readPeak);
      const rps = result.requestsPerSecond.toFixed(0).padStart(6);
      console.log(`${name.padEnd(42)} ${rps} req/s  peak RSS ${readPeak.toFixed(0)} MB`);
    }
    const verdict = peak <= BUDGET_MB ? 'MET ' : 'MISS';
    console.log(
      `${verdict}  server RSS <= ${BUDGET_MB} MB under ${values.connections} connections: ${peak.toFixed(0)} MB`,
    );
  } finally {
    child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
