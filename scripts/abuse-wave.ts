// A scripted abuse wave against the real app (in-process, a fresh embedded database in a temp folder,
// default limits): prints how much of each attack gets through (issue 11's closing figures).
//   npm run abuse-wave            (add -- --ordinary 10000 to change the ordinary-posts sample)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { count, sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { databaseOptions, openDatabase } from '../server/db/client';
import { posts, users } from '../server/db/schema';
import type { Clock } from '../server/infra/clock';
import { mustHoldCopy } from '../server/modules/safety/copy-paste';
import { listingTextChecks } from '../server/modules/safety/text-checks';
import { createRandom, generatePost } from './seed/generate';

const DAY_MS = 86_400_000;
const { values } = parseArgs({ options: { ordinary: { type: 'string' } } });
const ORDINARY = Number(values.ordinary ?? 10_000);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mkt-abuse-'));
let nowMs = Date.now();
const clock: Clock = { now: () => new Date(nowMs) };
const MODERATOR = 'moderator@abuse-wave.example.com';
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  WEB_DIST: dataDir,
  MODERATOR_EMAILS: MODERATOR,
});
const database = await openDatabase(databaseOptions(config));
const app = await buildApp({ config, database, clock });

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

let accounts = 0;
/** Signs an account up and in; by default from its own address, as a botnet would. */
async function account(name: string, address?: string, email = `abuser.${accounts + 1}@example.com`) {
  accounts += 1;
  const password = 'correct horse battery';
  // The per-address sign-up limit is not the subject here.
  const remoteAddress = address ?? `10.0.${accounts >> 8}.${accounts & 255}`;
  await app.inject({
    method: 'POST',
    url: '/api/signup',
    remoteAddress,
    payload: { name, email, password, phoneNumber: '0771234567' },
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress,
    payload: { email, password },
  });
  const sid = login.cookies.find((c) => c.name === 'sid');
  if (!sid) throw new Error(`login failed: ${login.body}`);
  return `sid=${sid.value}`;
}

const listing = (name: string, details: string) => ({
  type: 'product',
  sell_or_buy: 'Sell',
  name,
  category: 'Electronics',
  price: '120',
  paymentMethods: 'Cash, EcoCash',
  details,
  city: 'Harare',
  location: 'CBD',
});

async function createAndPublish(cookie: string, body: object) {
  const created = await call('POST', '/api/create-post', cookie, body);
  if (created.statusCode !== 201) return { created: false, visible: false };
  const item = created.json();
  const published = await call('PUT', '/api/publish-post', cookie, { id: item.id, type: item.type });
  return {
    created: true,
    visible: published.statusCode === 200 && published.json().moderation === 'visible',
  };
}

async function floodFrom(cookie: string, attempts: number) {
  let through = 0;
  for (let i = 0; i < attempts; i += 1)
    if ((await createAndPublish(cookie, listing(`Cheap phones lot ${i}`, `Unit ${i}, best price`))).created)
      through += 1;
  return through;
}

try {
  console.log(`Abuse wave against a fresh app (default limits, LIMITS_MULTIPLIER=1).\n`);

  // 1. One account creating 100 posts in a minute: a new one, then one that is a month old.
  const fresh = await account('Flooder');
  console.log(`1. 100 posts in a minute from a new account: ${await floodFrom(fresh, 100)} created`);
  const old = await account('Old flooder');
  nowMs += 10 * DAY_MS;
  console.log(`   100 posts in a minute from a 10-day-old account: ${await floodFrom(old, 100)} created`);

  // 2. Twenty new accounts publishing the same text.
  let visible = 0;
  for (let i = 0; i < 20; i += 1) {
    const cookie = await account(`Ring ${i}`);
    const variant = i % 2 ? 'IPHONE 15 PRO MAX - sealed!!' : 'iPhone 15 Pro Max, sealed';
    if (
      (await createAndPublish(cookie, listing(variant, 'Brand new, best price, delivery in Harare'))).visible
    )
      visible += 1;
  }
  console.log(
    `2. 20 new accounts publishing the same text: ${visible} visible, ${20 - visible} held for review`,
  );

  // 3. A comment flood asking for a deposit to a foreign number.
  const seller = await account('Honest seller');
  const target = await createAndPublish(
    seller,
    listing('Fridge 300 litres', 'Works well, collection in Avondale'),
  );
  if (!target.created) throw new Error('target post not created');
  const postId = (await call('GET', '/api/posts')).json().posts[0].id as number;
  let sent = 0;
  let warned = 0;
  for (let a = 0; a < 10; a += 1) {
    const cookie = await account(`Commenter ${a}`);
    for (let i = 0; i < 50; i += 1) {
      const res = await call('POST', '/api/comments', cookie, {
        postId,
        content: `Item still there? Send a deposit to +234 80${a}${i} 555 01 to reserve it, I pay delivery`,
      });
      if (res.statusCode !== 201) continue;
      sent += 1;
      if (res.json().comment.safetyWarning) warned += 1;
    }
  }
  console.log(
    `3. Comment flood, 10 new accounts x 50 'send a deposit to +234...': ${sent} accepted, ${warned} of them warned`,
  );

  // 4. Five fresh accounts report one post (issue 36): from one phone, then from five addresses; then
  // five day-old accounts from five addresses, and five more after a moderator restored it.
  const moderator = await account('Moderator', undefined, MODERATOR);
  const newListing = async (name: string) => {
    const created = await call('POST', '/api/create-post', seller, listing(name, `${name}, collection only`));
    const id = created.json().id as number;
    await call('PUT', '/api/publish-post', seller, { id, type: 'product' });
    return id;
  };
  const isPublic = async (id: number) => (await call('GET', `/api/posts/${id}`)).statusCode === 200;
  const weightOf = async (id: number) => {
    const queue = await call('GET', '/api/moderation/queue?limit=100', moderator);
    const items = queue.json().items as { targetType: string; id: number; reportWeight: number }[];
    return items.find((item) => item.targetType === 'post' && item.id === id)?.reportWeight ?? 0;
  };
  let people = 0;
  /** Five new accounts, signed up on `phone` or each on an address of its own (where it reports from). */
  const wave = async (phone?: string) => {
    const reporters: { cookie: string; address: string }[] = [];
    for (let i = 0; i < 5; i += 1) {
      people += 1;
      const address = phone ?? `10.1.${people >> 8}.${people & 255}`;
      reporters.push({ cookie: await account(`Reporter ${people}`, address), address });
    }
    return reporters;
  };
  const fire = async (id: number, reporters: { cookie: string; address: string }[]) => {
    let filed = 0;
    for (const r of reporters) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: { cookie: r.cookie },
        remoteAddress: r.address,
        payload: { targetType: 'post', targetId: id, reason: 'scam' },
      });
      if (res.statusCode === 201) filed += 1;
    }
    return filed;
  };
  const row = async (label: string, id: number, filed: number) =>
    console.log(
      `   ${label}: ${filed} filed, weight ${await weightOf(id)}, ${(await isPublic(id)) ? 'still public' : 'HIDDEN'}`,
    );
  console.log('4. Five fresh accounts report one post:');
  const phone = '10.9.9.9';
  const onePhone = await newListing('Competitor generator A');
  await row('from one phone', onePhone, await fire(onePhone, await wave(phone)));
  const fiveAddresses = await newListing('Competitor generator B');
  await row('each from its own address', fiveAddresses, await fire(fiveAddresses, await wave()));
  const aged = await newListing('Competitor generator C');
  const [ring, spread, later] = [await wave('10.9.9.10'), await wave(), await wave()];
  nowMs += 2 * DAY_MS;
  await row('five 2-day-old accounts signed up on one phone', aged, await fire(aged, ring));
  await row('then five 2-day-old accounts from five addresses', aged, await fire(aged, spread));
  await call('POST', `/api/moderation/posts/${aged}/restore`, moderator);
  await row('after a moderator restored it, five more', aged, await fire(aged, later));

  // 5. Ordinary posts: the seed's realistic listings, published over 180 days in order, through the
  // same text checks and copy-paste rule as the publish call.
  const random = createRandom(263);
  const [{ id: firstUser } = { id: 0 }] = await database.db
    .insert(users)
    .values(
      Array.from({ length: 300 }, (_, i) => ({
        name: `Seller ${i}`,
        email: `seller.${i}@example.co.zw`,
        phoneNumber: '0772000000',
        passwordHash: 'x',
      })),
    )
    .returning({ id: users.id });
  const userIds = Array.from({ length: 300 }, (_, i) => firstUser + i);
  const start = nowMs;
  const ordinary = Array.from({ length: ORDINARY }, () => generatePost(random, userIds, start, 180))
    .map((post) => ({ ...post, isPublished: true, publishedAt: post.publishedAt ?? post.createdAt }))
    .sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime());
  let warnings = 0;
  let holds = 0;
  for (const post of ordinary) {
    const checks = listingTextChecks(post);
    if (checks.scamSignals.length > 0) warnings += 1;
    await database.db.transaction(async (tx) => {
      const at: Clock = { now: () => post.publishedAt };
      const hold = await mustHoldCopy({ config, clock: at }, tx, {
        ...post,
        ...checks,
        // Not inserted yet: it comes after every post published before it.
        id: 2_147_483_647,
        reviewedAt: null,
        textPublishedAt: null,
      });
      if (hold) holds += 1;
      await tx.insert(posts).values({
        ...post,
        ...checks,
        textPublishedAt: post.publishedAt,
        moderation: hold ? 'held' : 'visible',
      });
    });
  }
  const [stored] = await database.db
    .select({ n: count() })
    .from(posts)
    .where(sql`cardinality(${posts.scamSignals}) > 0 and ${posts.userId} >= ${firstUser}`);
  console.log(
    `5. ${ORDINARY} seeded ordinary posts: ${warnings} warned (${stored?.n ?? 0} stored with signals), ${holds} held`,
  );
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
