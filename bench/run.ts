// npm run bench: load-tests the real app on the configured database (PGlite under DATA_DIR, or
// PostgreSQL via DATABASE_URL) next to a bare Fastify hello-world and a primary-key select in the same
// run, and checks the budgets of DESIGN §7. Seed first: `npm run seed -- --count 100000`.
// Options: --duration S (10) --connections N (50) --latency-connections N (10) --warmup S (2)
//          --search WORD (tile: ~0.5% of seeded posts) --city WORD (harare) --prefix TEXT (toyo)
//          --typo WORD (generatr: corrected to 'generator', decision 027) --only TEXT (targets whose name contains it)
// Each target's row shows the longest event-loop stall while it ran; the run's longest is printed last.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { posts } from '../server/db/schema';
import { monitorStalls } from '../server/event-loop-lag';
import { type CannonResult, cannon, printTable } from './cannon';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'latency-connections': { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    search: { type: 'string', default: 'tile' },
    city: { type: 'string', default: 'harare' },
    prefix: { type: 'string', default: 'toyo' },
    typo: { type: 'string', default: 'generatr' },
    only: { type: 'string' },
  },
});
const durationSeconds = Number(values.duration);
const connections = Number(values.connections);
const latencyConnections = Number(values['latency-connections']);
const warmupSeconds = Number(values.warmup);

interface Target {
  name: string;
  url: string;
  form?: string;
}
const HELLO = 'hello-world (bare Fastify)';
const PK = 'primary-key select';
const FIRST = 'GET /api/first-payload';

async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1' });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  const { db } = database;
  const [stats] = await db
    .select({
      published: sql<number>`count(*) filter (where ${posts.isPublished})::int`,
      total: sql<number>`count(*)::int`,
      minId: sql<number>`coalesce(min(${posts.id}), 0)::int`,
      maxId: sql<number>`coalesce(max(${posts.id}), 0)::int`,
    })
    .from(posts);
  if (!stats || stats.published === 0) {
    console.error('The posts table is empty. Seed it first (same DATA_DIR / DATABASE_URL):');
    console.error('  npm run seed -- --count 100000');
    await database.close();
    process.exit(1);
  }

  const app = await buildApp({ config, database });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const hello = Fastify({ logger: false });
  hello.get('/', async () => ({ hello: 'world' }));
  const helloUrl = await hello.listen({ port: 0, host: '127.0.0.1' });
  // The cheapest useful query on the same database: the ceiling for any database-backed route.
  const pk = Fastify({ logger: false });
  pk.get('/pk', async () => {
    const id = stats.minId + Math.floor(Math.random() * (stats.maxId - stats.minId + 1));
    const [row] = await db.select({ id: posts.id, name: posts.name }).from(posts).where(eq(posts.id, id));
    return row ?? {};
  });
  const pkUrl = await pk.listen({ port: 0, host: '127.0.0.1' });

  const engine = database.kind === 'pglite' ? `PGlite (${config.dataDir})` : 'PostgreSQL';
  console.log(
    `${engine}: ${stats.total} posts (${stats.published} published). ` +
      `${durationSeconds} s per target after ${warmupSeconds} s warm-up; loopback only.`,
  );

  // The app runs in this process (autocannon in a child): a stall here is latency every request paid.
  const runStalls = monitorStalls();
  const targetStalls = monitorStalls();
  let maxRss = 0;
  const sampler = setInterval(() => {
    maxRss = Math.max(maxRss, process.memoryUsage.rss());
  }, 250);

  const search = encodeURIComponent(values.search);
  const prefix = encodeURIComponent(values.prefix);
  const city = encodeURIComponent(values.city);
  const typo = encodeURIComponent(values.typo);
  // Cursors for the uncached query paths: page 2 of /home and of the rolling product feed.
  const page1 = (await (await fetch(`${appUrl}/api/posts`)).json()) as { nextCursor: string };
  const start = (await (await fetch(`${appUrl}/api/first-payload`)).json()) as { productCursor: string };
  const targets: Target[] = [
    { name: HELLO, url: `${helloUrl}/` },
    { name: PK, url: `${pkUrl}/pk` },
    { name: 'GET /healthz (the app stack, no query)', url: `${appUrl}/healthz` },
    { name: FIRST, url: `${appUrl}/api/first-payload` },
    {
      name: 'POST /api/rolling-feed-products (page 2)',
      url: `${appUrl}/api/rolling-feed-products`,
      form: `incomingProductCursor=${start.productCursor}`,
    },
    { name: 'GET /api/posts', url: `${appUrl}/api/posts` },
    { name: 'GET /api/posts (page 2)', url: `${appUrl}/api/posts?cursor=${page1.nextCursor}` },
    { name: `GET /api/posts?search=${values.search}`, url: `${appUrl}/api/posts?search=${search}` },
    {
      name: `GET /api/posts?search=${values.search}&sort=newest`,
      url: `${appUrl}/api/posts?search=${search}&sort=newest`,
    },
    { name: `GET /api/posts?search=${values.city}`, url: `${appUrl}/api/posts?search=${city}` },
    { name: `GET /api/posts?search=${values.prefix}`, url: `${appUrl}/api/posts?search=${prefix}` },
    { name: `GET /api/posts?search=${values.typo} (typo)`, url: `${appUrl}/api/posts?search=${typo}` },
  ];
  const run = async (target: Target, conns: number) => {
    if (warmupSeconds > 0)
      await cannon(target.name, target.url, {
        connections: conns,
        durationSeconds: warmupSeconds,
        form: target.form,
      });
    targetStalls.reset();
    const result = await cannon(target.name, target.url, {
      connections: conns,
      durationSeconds,
      form: target.form,
    });
    return { ...result, maxStallMs: targetStalls.longestStallMs() };
  };

  // --only TEXT keeps hello-world and the targets whose name contains TEXT.
  const chosen = targets.filter((t) => !values.only || t.name === HELLO || t.name.includes(values.only));
  const throughput: CannonResult[] = [];
  for (const target of chosen) throughput.push(await run(target, connections));
  const latency: CannonResult[] = [];
  for (const target of chosen.filter((t) => t.name.startsWith('GET /api/posts')))
    latency.push(await run(target, latencyConnections));
  clearInterval(sampler);

  const byName = new Map(throughput.map((r) => [r.name, r]));
  const helloRps = byName.get(HELLO)?.requestsPerSecond;
  printTable(`Throughput at ${connections} connections`, throughput, helloRps);
  printTable(`Latency at ${latencyConnections} connections`, latency, helloRps);
  printBudgets(database.kind, byName, latency, helloRps ?? 0);
  console.log(`\nProcess RSS peak (app + database + bench servers): ${(maxRss / 1_048_576).toFixed(0)} MB`);
  console.log(`Longest event-loop stall during the run: ${runStalls.longestStallMs()} ms`);
  runStalls.stop();
  targetStalls.stop();

  await pk.close();
  await hello.close();
  await app.close();
}

function printBudgets(
  kind: 'pglite' | 'postgres',
  byName: Map<string, CannonResult>,
  latency: CannonResult[],
  helloRps: number,
) {
  const first = byName.get(FIRST)?.requestsPerSecond ?? 0;
  const pkRps = byName.get(PK)?.requestsPerSecond ?? 0;
  const mark = (ok: boolean) => (ok ? 'MET ' : 'MISS');
  console.log('\nBudgets (DESIGN §7)');
  const ratio = first / helloRps;
  console.log(
    `${mark(ratio >= 0.3)}  first-payload >= 30% of hello-world: ${(ratio * 100).toFixed(1)}%` +
      (kind === 'postgres' ? '' : ' (the budget is set for PostgreSQL)'),
  );
  if (kind === 'pglite') {
    const pkRatio = first / pkRps;
    console.log(
      `${mark(pkRatio >= 0.5)}  first-payload >= 50% of the primary-key select: ${(pkRatio * 100).toFixed(1)}%`,
    );
  }
  for (const r of latency) {
    // A corrected search reads the word list before the posts (decision 027): its own budget.
    const budget = r.name.endsWith('(typo)') ? 50 : 25;
    console.log(
      `${mark(r.p99 <= budget)}  ${r.name} p99 <= ${budget} ms at ${r.connections} connections: ${r.p99} ms`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
