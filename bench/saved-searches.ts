// npm run bench -- --saved-searches: issue 33's matching figure on PostgreSQL. 100,000 saved searches
// are stored (1% of them match the probe post: its words in other forms, prefixes, filters alone; 2%
// share a word with it but not the rest), and the time to find the searches one new post matches
// (saved-searches/matching.ts matchesOf) is measured against a primary-key select in the same run
// (goal: p99 <= 50 ms). Then the publish call's own p99 with those searches stored and the check
// running every second, against the same call before any search was stored (goal: within 10%: the
// matching runs off the request). A fresh database on DATABASE_URL's (or PG_TEST_URL's) server, dropped
// afterwards. Options: --searches N (100000) --rounds N (300)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { posts, savedSearches, sessions, users } from '../server/db/schema';
import { hashToken } from '../server/modules/auth/session-store';
import { matchesOf } from '../server/modules/saved-searches';
import { rowOf, type SavedSearchFields, storedMatch } from '../server/modules/saved-searches/plan';

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0;
const ms = (n: number) => `${n.toFixed(2)} ms`;

async function freshDatabase() {
  const base =
    process.env.DATABASE_URL || process.env.PG_TEST_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const name = `bench_saved_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: Object.assign(new URL(base), { pathname: `/${name}` }).toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

const field = (fields: Partial<SavedSearchFields>): SavedSearchFields => ({
  search: null,
  type: null,
  category: null,
  city: null,
  sell_or_buy: null,
  currency: null,
  ...fields,
});

/** The searches the probe post ('Honda Fit 2012 RS', Automotive, Bulawayo, USD) matches. */
const MATCHING: SavedSearchFields[] = [
  field({ search: 'honda fit' }),
  field({ search: 'honda fit', city: 'Bulawayo' }),
  field({ search: 'hondas' }),
  field({ search: 'fit rs', category: 'Automotive' }),
  field({ search: 'hond' }),
  field({ search: 'silver honda', currency: 'USD' }),
  field({ category: 'Automotive', city: 'Bulawayo' }),
  field({ city: 'Bulawayo', sell_or_buy: 'Sell' }),
];
/** Searches that share a word with it but not the rest: candidates the check must turn down. */
const NEAR: SavedSearchFields[] = [
  field({ search: 'honda civic' }),
  field({ search: 'honda fit', city: 'Harare' }),
  field({ search: 'fit', currency: 'ZiG' }),
  field({ category: 'Automotive', city: 'Mutare' }),
];
const VOCABULARY = [
  'sofa',
  'fridge',
  'plumber',
  'solar',
  'goat',
  'laptop',
  'tiles',
  'bricks',
  'maize',
  'kombi',
];

export async function runSavedSearchesBench({ searches, rounds }: { searches: number; rounds: number }) {
  const database = await freshDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-saved-'));
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SAVED_SEARCH_CHECK_SECONDS: '1',
    LIMITS_MULTIPLIER: '1000',
  });
  const app = await buildApp({ config, database: await openDatabase({ databaseUrl: database.url }) });
  try {
    await app.ready();
    while (app.deps.database.state === 'starting') await new Promise((resolve) => setTimeout(resolve, 100));
    const db = app.deps.database.db;
    // A seller with a session, and the people who save searches (rows, not sign-ups: only their ids matter).
    const people = 1000;
    await db.execute(sql`insert into users (name, email, password_hash)
      select 'Person ' || n, 'person' || n || '@example.co.zw', 'x' from generate_series(0, ${people}) n`);
    const [seller] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.email} = 'person0@example.co.zw'`);
    if (!seller) throw new Error('no seller');
    const token = randomBytes(32).toString('base64url');
    await db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId: seller.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const cookie = `${config.sessionCookie}=${token}`;
    const draft = (i: number) => ({
      userId: seller.id,
      type: 'product' as const,
      sellOrBuy: 'Sell' as const,
      name: `Bench draft ${i} ${VOCABULARY[i % VOCABULARY.length]}`,
      category: 'Home and Kitchen',
      price: '100',
      paymentMethods: 'Cash',
      details: 'A draft the benchmark publishes.',
      city: 'Harare',
      location: 'Avondale',
    });
    const publishTimes = async (from: number, count: number) => {
      const rows = await db
        .insert(posts)
        .values(Array.from({ length: count }, (_, i) => draft(from + i)))
        .returning({ id: posts.id });
      const times: number[] = [];
      for (const { id } of rows) {
        const started = performance.now();
        const res = await app.inject({
          method: 'PUT',
          url: '/api/publish-manager',
          headers: { cookie },
          payload: { id, type: 'product', isPublished: true },
        });
        times.push(performance.now() - started);
        if (res.statusCode !== 200) throw new Error(`publish ${res.statusCode}: ${res.body}`);
      }
      return times.slice(Math.floor(count / 10)); // the first tenth warms up
    };
    const before = await publishTimes(0, rounds);

    // The saved searches: their stored match computed once per distinct search, then copied.
    const kinds = [
      ...MATCHING.map((fields) => ({ fields, share: 0.01 / MATCHING.length })),
      ...NEAR.map((fields) => ({ fields, share: 0.02 / NEAR.length })),
    ];
    const others: SavedSearchFields[] = [];
    for (let i = 0; i < 2000; i++) {
      const a = VOCABULARY[i % VOCABULARY.length] ?? 'sofa';
      const b = `${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + ((i / 26) % 26))}word${i}`;
      others.push(field({ search: `${a} ${b}`, city: i % 3 === 0 ? 'Harare' : null }));
    }
    const stored = new Map<SavedSearchFields, Awaited<ReturnType<typeof storedMatch>>>();
    for (const fields of [...kinds.map((k) => k.fields), ...others])
      stored.set(fields, await storedMatch(db, fields));
    const rows: (typeof savedSearches.$inferInsert)[] = [];
    const add = (fields: SavedSearchFields, n: number) => {
      const match = stored.get(fields);
      if (!match) throw new Error('not stored');
      for (let i = 0; i < n; i++)
        rows.push(rowOf(2 + ((rows.length * 7) % people), fields, match, new Date()));
    };
    for (const { fields, share } of kinds) add(fields, Math.round(searches * share));
    const matchingCount = MATCHING.length * Math.round((searches * 0.01) / MATCHING.length);
    while (rows.length < searches) add(others[rows.length % others.length] as SavedSearchFields, 1);
    for (let i = 0; i < rows.length; i += 2000)
      await db.insert(savedSearches).values(rows.slice(i, i + 2000));
    await db.execute(sql`analyze saved_searches`);

    const [probe] = await db
      .insert(posts)
      .values({
        ...draft(-1),
        name: 'Honda Fit 2012 RS',
        category: 'Automotive',
        city: 'Bulawayo',
        currency: 'USD',
        details: 'Silver, low mileage, papers in order.',
        isPublished: true,
        publishedAt: new Date(),
      })
      .returning({ id: posts.id });
    if (!probe) throw new Error('no probe');
    const found = await matchesOf(db, probe.id);
    const matchTimes: number[] = [];
    const pkTimes: number[] = [];
    for (let i = 0; i < rounds + 30; i++) {
      let started = performance.now();
      await matchesOf(db, probe.id);
      const matching = performance.now() - started;
      started = performance.now();
      await db.execute(sql`select * from posts where id = ${probe.id}`);
      const pk = performance.now() - started;
      if (i >= 30) {
        matchTimes.push(matching);
        pkTimes.push(pk);
      }
    }
    const after = await publishTimes(rounds, rounds);

    const p99Match = percentile(matchTimes, 99);
    const publishRatio = percentile(after, 99) / percentile(before, 99);
    console.log(
      `saved searches stored: ${rows.length}; the probe post matches ${found.length} (expected ${matchingCount})`,
    );
    console.log(`primary-key select: p50 ${ms(percentile(pkTimes, 50))}, p99 ${ms(percentile(pkTimes, 99))}`);
    console.log(
      `finding the matches of one post: p50 ${ms(percentile(matchTimes, 50))}, p99 ${ms(p99Match)} (${(
        percentile(matchTimes, 50) / percentile(pkTimes, 50)
      ).toFixed(1)}x a primary-key select at p50)`,
    );
    console.log(
      `PUT /api/publish-manager: p50 ${ms(percentile(before, 50))} -> ${ms(percentile(after, 50))}, p99 ${ms(percentile(before, 99))} -> ${ms(percentile(after, 99))} (x${publishRatio.toFixed(2)})`,
    );
    const mark = (ok: boolean) => (ok ? 'MET ' : 'MISS');
    console.log(`${mark(found.length === matchingCount)}  every matching search found, no other`);
    console.log(`${mark(p99Match <= 50)}  matches of one post p99 <= 50 ms: ${ms(p99Match)}`);
    console.log(
      `${mark(publishRatio <= 1.1)}  publish p99 within 10% with the searches stored and checked: x${publishRatio.toFixed(2)}`,
    );
  } finally {
    await app.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
