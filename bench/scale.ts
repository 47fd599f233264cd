// npm run bench -- --scale: the same reads at 10k, 100k and 1M posts, to check that p50 at 1M stays
// within 1.3x of p50 at 10k (issue 12) for the list, an exact-word search and a prefix search, with the
// feed cache off (decision 030), so each size shows what its database does.
// PostgreSQL only (DATABASE_URL): seeding PGlite to 1M posts takes too long to be worth it.
// Databases: BENCH_DATABASE_URL_10K / _100K / _1M when set, else databases named perf_bench_10k,
// perf_bench_100k and perf_bench_1m on DATABASE_URL's server. A missing one is created, and one with
// too few posts is seeded up to its size (1M takes several minutes); the next run reuses them as they
// are. Drop them when done: `dropdb -h HOST -U USER perf_bench_1m` (and the others).
import { spawn } from 'node:child_process';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { posts } from '../server/db/schema';
import { type CannonResult, printTable } from './cannon';
import { signIn } from './fixtures';
import { createMeter, startNodeHello } from './measure';

const SCALES = [
  { label: '10k', posts: 10_000 },
  { label: '100k', posts: 100_000 },
  { label: '1M', posts: 1_000_000 },
];
const P50_GOAL = 1.3;

interface ScaleOptions {
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  values: { search: string; prefix: string };
}

function databaseUrl(base: string, label: string): string {
  const fromEnv = process.env[`BENCH_DATABASE_URL_${label.toUpperCase()}`];
  if (fromEnv) return fromEnv;
  const url = new URL(base);
  url.pathname = `/perf_bench_${label.toLowerCase()}`;
  return url.toString();
}

async function ensureSeeded(url: string, wanted: number) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/?]*(\?|$)/, '/postgres$1') });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database "${name.replaceAll('"', '""')}"`);
  await admin.end();

  const database = await openDatabase({ databaseUrl: url });
  const [row] = await database.db.select({ n: count() }).from(posts);
  await database.close();
  const missing = wanted - (row?.n ?? 0);
  if (missing <= wanted * 0.05) return;
  console.log(`Seeding ${missing} posts into ${name} (reused by name next time)...`);
  const child = spawn('npx', ['tsx', 'scripts/seed.ts', '--count', String(missing), '--images', '0'], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: url },
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`seeding ${name} failed (${code})`);
}

/** The cursor of the /home list's second page. */
const secondPage = async (appUrl: string) =>
  ((await (await fetch(`${appUrl}/api/posts`)).json()) as { nextCursor: string }).nextCursor;

export async function runScale(options: ScaleOptions) {
  const base = process.env.DATABASE_URL;
  if (!base) {
    console.error('--scale needs PostgreSQL: set DATABASE_URL (its server holds the three databases).');
    process.exit(1);
  }
  const { search, prefix } = options.values;
  const tables: { label: string; rows: CannonResult[] }[] = [];
  const p50 = new Map<string, number[]>();
  const means = new Map<string, number[]>();
  for (const scale of SCALES) {
    const url = databaseUrl(base, scale.label);
    await ensureSeeded(url, scale.posts);
    const config = loadConfig({ ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn', HOST: '127.0.0.1' });
    const database = await openDatabase({ databaseUrl: url, ...config.database });
    // Without the feed cache (decision 030): the comparison is of what the database does at each size.
    const app = await buildApp({ config: { ...config, feedCacheMs: 0 }, database });
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const nodeHello = await startNodeHello();
    const { cookie } = await signIn(appUrl);
    const meter = createMeter(options.warmupSeconds, options.durationSeconds);
    const targets = [
      { name: 'node:http hello-world', url: nodeHello.url },
      { name: 'GET /api/posts (signed in)', url: `${appUrl}/api/posts`, cookie },
      { name: 'GET /api/posts (page 2)', url: `${appUrl}/api/posts?cursor=${await secondPage(appUrl)}` },
      {
        name: `GET /api/posts?search=${search}`,
        url: `${appUrl}/api/posts?search=${encodeURIComponent(search)}`,
      },
      {
        name: `GET /api/posts?search=${prefix}`,
        url: `${appUrl}/api/posts?search=${encodeURIComponent(prefix)}`,
      },
    ];
    const rows: CannonResult[] = [];
    tables.push({ label: scale.label, rows });
    for (const target of targets) {
      const result = await meter.measure(target, options.connections);
      rows.push(result);
      p50.set(target.name, [...(p50.get(target.name) ?? []), result.p50]);
      means.set(target.name, [...(means.get(target.name) ?? []), result.mean]);
    }
    meter.stop();
    await nodeHello.close();
    await app.close();
  }
  // Each scale's ratios are to its own node:http run, just before it.
  for (const { label, rows } of tables)
    printTable(`${label} posts, ${options.connections} connections`, rows, rows[0]?.requestsPerSecond);
  // autocannon's percentiles are whole milliseconds: the mean beside them shows smaller changes.
  console.log(`\np50 at 1M / p50 at 10k (goal <= ${P50_GOAL}; the feed cache off)`);
  for (const [name, [small, , large]] of p50) {
    if (name.startsWith('node:http') || small === undefined || large === undefined) continue;
    const ratio = large / Math.max(small, 0.1);
    const [meanSmall, , meanLarge] = means.get(name) ?? [];
    const meanRatio =
      meanSmall && meanLarge
        ? ` (mean ${meanSmall.toFixed(1)} -> ${meanLarge.toFixed(1)} ms, ${(meanLarge / meanSmall).toFixed(2)}x)`
        : '';
    console.log(
      `${ratio <= P50_GOAL ? 'MET ' : 'MISS'}  ${name}: ${small} ms -> ${large} ms (${ratio.toFixed(2)}x)${meanRatio}`,
    );
  }
}
