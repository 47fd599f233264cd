// npm run bench: load-tests the real app on the configured database (PGlite under DATA_DIR, or
// PostgreSQL via DATABASE_URL) next to a bare node:http hello-world (every ratio is to it), a bare
// Fastify one and a primary-key select in the same run, and checks the budgets of DESIGN §7 and issue 12.
// Seed first: `npm run seed -- --count 100000`. The run signs up and signs in a bench account through
// the API and gives one post 20 comments (bench/fixtures.ts), both reused next time.
// Options: --duration S (10) --connections N (50) --latency-connections N (10) --warmup S (2)
//          --search WORD (tile: ~0.5% of seeded posts) --city WORD (harare) --prefix TEXT (toyo)
//          --typo WORD (generatr: corrected to 'generator', decision 027) --only TEXT (targets whose name contains it)
//          --scale: the 10k / 100k / 1M comparison instead (bench/scale.ts says how its databases are found).
//          --streams: the live streams instead (bench/streams.ts: 2,000 streams, 50 messages a second, on a
//          fresh PostgreSQL database), with --streams-count N (2000) --rate N (50) --seconds S (20).
//          --logging: what the access log costs instead (bench/logging.ts: a cached read and /healthz at
//          LOG_LEVEL=info against warn, interleaved), with --rounds N (5) --root DIR.
//          --saved-searches: issue 33's matching instead (bench/saved-searches.ts: 100,000 saved searches on
//          a fresh PostgreSQL database), with --searches N (100000) --rounds N (300).
// Rows marked (uncached) run on a second app with FEED_CACHE_MS=0 and SESSION_CACHE_MS=0: what a read
// costs when it misses the feed, comments and session caches.
// Each row shows the longest event-loop stall and the peak RSS while it ran; the run's are printed last.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { posts } from '../server/db/schema';
import { type CannonResult, cannon, printTable } from './cannon';
import { postWithComments, signIn } from './fixtures';
import { runLoggingBench } from './logging';
import { createMeter, startNodeHello, type Target } from './measure';
import { runSavedSearchesBench } from './saved-searches';
import { runScale } from './scale';
import { runStreams } from './streams';

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
    scale: { type: 'boolean', default: false },
    streams: { type: 'boolean', default: false },
    'streams-count': { type: 'string', default: '2000' },
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '20' },
    'saved-searches': { type: 'boolean', default: false },
    logging: { type: 'boolean', default: false },
    root: { type: 'string', default: process.cwd() },
    searches: { type: 'string', default: '100000' },
    rounds: { type: 'string' }, // --saved-searches: 300, --logging: 5
  },
});
const durationSeconds = Number(values.duration);
const connections = Number(values.connections);
const latencyConnections = Number(values['latency-connections']);
const warmupSeconds = Number(values.warmup);

const NODE_HELLO = 'hello-world (bare node:http)';
const HELLO = 'hello-world (bare Fastify)';
const PK = 'primary-key select';
const FIRST = 'GET /api/first-payload';
const SIGNED_IN = '(signed in)';
const UNCACHED = '(uncached)';

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
  // The same app without the feed cache (FEED_CACHE_MS=0), on the same database: what a search or a
  // page that is not in the cache costs (a rare word, the first asker). Closing it leaves the database open.
  const uncachedApp = await buildApp({
    config: { ...config, feedCacheMs: 0, sessionCacheMs: 0 },
    database: Object.create(database, { close: { value: async () => {} } }),
  });
  const uncachedUrl = await uncachedApp.listen({ port: 0, host: '127.0.0.1' });
  const nodeHello = await startNodeHello();
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
  const { cookie, userId } = await signIn(appUrl);
  const commentedPost = await postWithComments(db, userId);
  const meter = createMeter(warmupSeconds, durationSeconds);

  const search = encodeURIComponent(values.search);
  const prefix = encodeURIComponent(values.prefix);
  const city = encodeURIComponent(values.city);
  const typo = encodeURIComponent(values.typo);
  // Cursors for the uncached query paths: page 2 of /home and of the rolling product feed.
  const page1 = (await (await fetch(`${appUrl}/api/posts`)).json()) as { nextCursor: string };
  const start = (await (await fetch(`${appUrl}/api/first-payload`)).json()) as { productCursor: string };
  const staticFile = (await fetch(`${appUrl}/favicon.svg`)).ok ? `${appUrl}/favicon.svg` : undefined;
  const targets: Target[] = [
    { name: NODE_HELLO, url: nodeHello.url },
    { name: HELLO, url: `${helloUrl}/` },
    { name: PK, url: `${pkUrl}/pk` },
    { name: 'GET /healthz (the app stack, no query)', url: `${appUrl}/healthz` },
    ...(staticFile ? [{ name: 'GET /favicon.svg (static file)', url: staticFile }] : []),
    { name: FIRST, url: `${appUrl}/api/first-payload` },
    {
      name: 'POST /api/rolling-feed-products (page 2)',
      url: `${appUrl}/api/rolling-feed-products`,
      form: `incomingProductCursor=${start.productCursor}`,
    },
    { name: 'GET /api/posts', url: `${appUrl}/api/posts` },
    { name: `GET /api/posts ${SIGNED_IN}`, url: `${appUrl}/api/posts`, cookie },
    { name: 'GET /api/posts (page 2)', url: `${appUrl}/api/posts?cursor=${page1.nextCursor}` },
    { name: `GET /api/posts?search=${values.search}`, url: `${appUrl}/api/posts?search=${search}` },
    {
      name: `GET /api/posts?search=${values.search} ${SIGNED_IN}`,
      url: `${appUrl}/api/posts?search=${search}`,
      cookie,
    },
    {
      name: `GET /api/posts?search=${values.search}&sort=newest`,
      url: `${appUrl}/api/posts?search=${search}&sort=newest`,
    },
    { name: `GET /api/posts?search=${values.city}`, url: `${appUrl}/api/posts?search=${city}` },
    { name: `GET /api/posts?search=${values.prefix}`, url: `${appUrl}/api/posts?search=${prefix}` },
    { name: `GET /api/posts?search=${values.typo} (typo)`, url: `${appUrl}/api/posts?search=${typo}` },
    ...uncached(uncachedUrl, [
      ['GET /api/posts (page 2)', `/api/posts?cursor=${page1.nextCursor}`],
      [`GET /api/posts?search=${values.search}`, `/api/posts?search=${search}`],
      [`GET /api/posts?search=${values.city}`, `/api/posts?search=${city}`],
      [`GET /api/posts?search=${values.prefix}`, `/api/posts?search=${prefix}`],
      [`GET /api/posts?search=${values.typo} (typo)`, `/api/posts?search=${typo}`],
    ]),
    {
      name: `GET /api/comments/post/{id} (20 comments) ${SIGNED_IN}`,
      url: `${appUrl}/api/comments/post/${commentedPost}`,
      cookie,
    },
    {
      name: `GET /api/comments/post/{id} (20 comments) ${SIGNED_IN} ${UNCACHED}`,
      url: `${uncachedUrl}/api/comments/post/${commentedPost}`,
      cookie,
    },
  ];

  // --only TEXT keeps the hello-worlds and the targets whose name contains TEXT.
  const baselines = [NODE_HELLO, HELLO];
  const chosen = targets.filter(
    (t) => !values.only || baselines.includes(t.name) || t.name.includes(values.only),
  );
  const throughput: CannonResult[] = [];
  for (const target of chosen) throughput.push(await meter.measure(target, connections));
  const reads = chosen.filter((t) => t.name.startsWith('GET /api/'));
  const latency: CannonResult[] = [];
  for (const target of reads) latency.push(await meter.measure(target, latencyConnections));
  // The stall test: cheap requests while searches load the database (PGlite shares the event loop).
  const underLoad = await duringSearchLoad(
    // Uncached: the point is database work under way while the cheap requests are served.
    targets.find((t) => t.name === `GET /api/posts?search=${values.search} ${UNCACHED}`) as Target,
    [`${appUrl}/healthz`, ...(staticFile ? [staticFile] : [])],
  );
  meter.stop();

  const byName = new Map(throughput.map((r) => [r.name, r]));
  const nodeHelloRps = byName.get(NODE_HELLO)?.requestsPerSecond;
  printTable(`Throughput at ${connections} connections`, throughput, nodeHelloRps);
  printTable(`Latency at ${latencyConnections} connections`, latency, nodeHelloRps);
  printTable(
    `Under load: ${values.search} searches at ${latencyConnections} connections, cheap requests at 2 beside them`,
    underLoad,
    nodeHelloRps,
  );
  printBudgets(database.kind, byName, latency, underLoad, nodeHelloRps ?? 0);
  console.log(`\nProcess RSS peak (app + database + bench servers): ${meter.peakRssMb().toFixed(0)} MB`);
  console.log(`Longest event-loop stall during the run: ${meter.longestStallMs()} ms`);

  await uncachedApp.close();
  await pk.close();
  await hello.close();
  await nodeHello.close();
  await app.close();
}

/** The same reads on the app without the feed cache, named '… (uncached)'. */
const uncached = (baseUrl: string, reads: [string, string][]): Target[] =>
  reads.map(([name, path]) => ({ name: `${name} ${UNCACHED}`, url: `${baseUrl}${path}` }));

/** Runs the search at the latency connections and, at the same time, each cheap URL at 2 connections. */
async function duringSearchLoad(search: Target, cheapUrls: string[]): Promise<CannonResult[]> {
  const options = { durationSeconds, connections: 2 };
  return Promise.all([
    cannon(search.name, search.url, { durationSeconds, connections: latencyConnections }),
    ...cheapUrls.map((url) => cannon(`GET ${new URL(url).pathname} (during the searches)`, url, options)),
  ]);
}

function printBudgets(
  kind: 'pglite' | 'postgres',
  byName: Map<string, CannonResult>,
  latency: CannonResult[],
  underLoad: CannonResult[],
  nodeHelloRps: number,
) {
  const mark = (ok: boolean) => (ok ? 'MET ' : 'MISS');
  const forPg = kind === 'postgres' ? '' : ' (set for PostgreSQL)';
  console.log('\nBudgets (DESIGN §7, issue 12; ratios to the node:http hello-world)');
  const ratios: [string, number][] = [
    [FIRST, 0.3],
    [`GET /api/posts ${SIGNED_IN}`, 0.1],
    [`GET /api/comments/post/{id} (20 comments) ${SIGNED_IN}`, 0.1],
  ];
  for (const [name, goal] of ratios) {
    const rps = byName.get(name)?.requestsPerSecond;
    if (rps === undefined) continue;
    const ratio = rps / nodeHelloRps;
    console.log(`${mark(ratio >= goal)}  ${name} >= ${goal}: ${ratio.toFixed(3)}${forPg}`);
  }
  for (const r of latency) {
    // A corrected search reads the word list before the posts (decision 027): its own budget.
    const budget = r.name.includes('(typo)') ? 50 : 25;
    console.log(
      `${mark(r.p99 <= budget)}  ${r.name} p99 <= ${budget} ms at ${r.connections} connections: ${r.p99} ms`,
    );
  }
  const [search, ...cheap] = underLoad;
  if (kind === 'pglite' && search) {
    console.log(
      `${mark(search.p99 <= 50)}  PGlite: search p99 <= 50 ms under the stall test: ${search.p99} ms`,
    );
  }
  for (const r of cheap) console.log(`${mark(r.p99 <= 5)}  ${r.name} p99 <= 5 ms: ${r.p99} ms`);
}

(values.logging
  ? runLoggingBench({
      rounds: Number(values.rounds ?? 5),
      durationSeconds,
      warmupSeconds,
      connections: latencyConnections,
      root: path.resolve(values.root),
    })
  : values['saved-searches']
    ? runSavedSearchesBench({ searches: Number(values.searches), rounds: Number(values.rounds ?? 300) })
    : values.scale
      ? runScale({ durationSeconds, warmupSeconds, connections: latencyConnections, values })
      : values.streams
        ? runStreams({
            streams: Number(values['streams-count']),
            rate: Number(values.rate),
            seconds: Number(values.seconds),
            durationSeconds,
          })
        : main()
).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
