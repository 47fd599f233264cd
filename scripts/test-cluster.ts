// npm run test:cluster: the scale-out deployment of docs/deploy.md, scripted on one machine. Two real
// app processes (server/main.ts) on one PostgreSQL database (made for the run, dropped after), one
// Redis (a key prefix of the run's own), one S3-compatible store (s3rver, server/test/s3-server.ts),
// behind nginx running deploy/nginx.conf.template as scripts/nginx-conf.ts renders it, over TLS.
// Every request goes through nginx; its access log (rid=, upstream=) tells which instance answered.
// Prints PASS/FAIL per check and exits 1 when one fails; exits 0 saying why when PostgreSQL, Redis,
// nginx, openssl or the PostgreSQL client tools are missing. PG_TEST_URL names the PostgreSQL server
// (postgres://postgres@127.0.0.1:5432/test), REDIS_TEST_URL the Redis (redis://127.0.0.1:6379).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync } from 'node:zlib';
import pg from 'pg';
import { jpeg } from '../server/modules/images/test-images';
import { multipart } from '../server/test/multipart';
import { freePort } from '../server/test/pg-cluster';
import { flushPrefix, REDIS_TEST_URL, redisSkipReason, testPrefix } from '../server/test/redis';
import { startTestS3, type TestS3 } from '../server/test/s3-server';
import type { ImageDto } from '../shared/api-types';
import { type Client, httpsClient, type Reply, sessionCookieOf } from './cluster/client';
import {
  findNginx,
  hasCommand,
  type Instance,
  type Nginx,
  renderSiteConf,
  selfSignedCertificate,
  startInstances,
  startNginx,
  stopInstance,
} from './cluster/stack';

const run = promisify(execFile);
const PG_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const WRITERS = 6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- what is missing here ------------------------------------------------------------------------

async function pgAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function skipReason(): Promise<string | undefined> {
  if (!(await pgAnswers())) return `no PostgreSQL answering at ${PG_URL} (set PG_TEST_URL)`;
  if (redisSkipReason) return redisSkipReason;
  if (!findNginx()) return 'nginx is not installed (apt-get install nginx)';
  if (!(await hasCommand('openssl'))) return 'openssl is not installed (it makes the test certificate)';
  for (const tool of ['pg_dump', 'pg_restore', 'createdb', 'dropdb'])
    if (!(await hasCommand(tool))) return `${tool} is not installed (apt-get install postgresql-client)`;
  return undefined;
}

// ---- checks --------------------------------------------------------------------------------------

interface Result {
  name: string;
  ok: boolean;
  detail: string;
}
const results: Result[] = [];

class CheckFailed extends Error {}
function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

async function check(name: string, body: () => Promise<string>) {
  const started = Date.now();
  try {
    const detail = await body();
    results.push({ name, ok: true, detail });
    console.log(`PASS  ${name} (${Date.now() - started} ms)\n      ${detail}`);
  } catch (error) {
    const detail = error instanceof CheckFailed ? error.message : String((error as Error)?.stack ?? error);
    results.push({ name, ok: false, detail });
    console.log(`FAIL  ${name} (${Date.now() - started} ms)\n      ${detail}`);
  }
}

// ---- the deployment ------------------------------------------------------------------------------

interface Stack {
  base: string;
  httpPort: number;
  ca: Buffer;
  instances: Instance[];
  nginx: Nginx;
  db: pg.Client;
  databaseUrl: string;
  dir: string;
  s3: TestS3;
  webBuilt: boolean;
}

const cleanups: Array<() => Promise<unknown>> = [];

async function cleanUp() {
  for (const step of cleanups.reverse()) await step().catch((e) => console.error('cleanup:', e));
}

async function startStack(dir: string): Promise<Stack> {
  const database = `cluster_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${database}`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });
  const databaseUrl = Object.assign(new URL(PG_URL), { pathname: `/${database}` }).toString();

  const prefix = testPrefix('cluster');
  cleanups.push(() => flushPrefix(prefix));
  const s3 = await startTestS3();
  cleanups.push(() => s3.close());
  const certificate = await selfSignedCertificate(dir);
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const publicUrl = `https://localhost:${httpsPort}`;
  const webDist = path.resolve('dist/web');
  const webBuilt = existsSync(path.join(webDist, 'index.html'));

  // What docs/deploy.md's environment file holds, with this machine's values.
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: REDIS_TEST_URL,
    REDIS_KEY_PREFIX: prefix,
    ...s3.env,
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: '127.0.0.1', // nginx, as the instances see it
    COOKIE_SECRET: randomBytes(32).toString('hex'),
    // A load test from one machine: every per-user and per-address limit raised; the per-account
    // password lockout (checked below) is not scaled.
    LIMITS_MULTIPLIER: '1000',
    ...(webBuilt ? { WEB_DIST: webDist } : {}),
  };
  const instances = await startInstances(2, (i) => path.join(dir, `instance-${i}`), env);
  cleanups.push(() => Promise.all(instances.map((i) => stopInstance(i.server))));

  const siteConf = await renderSiteConf([
    ...instances.flatMap((i) => ['--instance', i.address]),
    '--server-name',
    'localhost',
    '--public-url',
    publicUrl,
    '--http-listen',
    `127.0.0.1:${httpPort}`,
    '--https-listen',
    `127.0.0.1:${httpsPort}`,
    '--cert',
    certificate.cert,
    '--key',
    certificate.key,
    '--access-log',
    path.join(dir, 'nginx', 'access.log'),
    '--acme-root',
    path.join(dir, 'acme'),
  ]);
  const nginxBin = findNginx() as string;
  const nginx = await startNginx(nginxBin, path.join(dir, 'nginx'), siteConf, httpsPort);
  cleanups.push(() => nginx.stop());

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  cleanups.push(() => db.end());
  return {
    base: publicUrl.replace('localhost', '127.0.0.1'),
    httpPort,
    ca: certificate.pem,
    instances,
    nginx,
    db,
    databaseUrl,
    dir,
    s3,
    webBuilt,
  };
}

// ---- helpers over nginx --------------------------------------------------------------------------

let stack: Stack;
const clients: Client[] = [];
/** A client connecting from 127.0.0.<n>: one client address as nginx sees it. */
function clientFrom(n: number): Client {
  const client = httpsClient(stack.base, stack.ca, `127.0.0.${n}`);
  clients.push(client);
  return client;
}

/** The instance (host:port) that gave this answer, from nginx's access log (the last one tried). */
async function instanceOf(reply: Reply): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const line = stack.nginx.accessLog().find((l) => l.requestId === reply.requestId);
    if (line) return line.upstreams.at(-1) ?? '-';
    await sleep(20);
  }
  throw new CheckFailed(`no access-log line for request ${reply.requestId}`);
}

const label = (address: string) => {
  const i = stack.instances.findIndex((inst) => inst.address === address);
  return i < 0 ? address : `instance ${'AB'[i]}`;
};

/** Repeats a request through nginx until both instances have answered it; each answer with its instance. */
async function fromBoth(send: () => Promise<Reply>): Promise<Array<{ reply: Reply; at: string }>> {
  const answers: Array<{ reply: Reply; at: string }> = [];
  for (let i = 0; i < 10; i++) {
    const reply = await send();
    answers.push({ reply, at: await instanceOf(reply) });
    if (stack.instances.every((inst) => answers.some((a) => a.at === inst.address))) return answers;
  }
  throw new CheckFailed(
    `10 requests never reached both instances: ${answers.map((a) => label(a.at)).join(', ')}`,
  );
}

const listing = (name: string) => ({
  type: 'product',
  sell_or_buy: 'Sell',
  name,
  category: 'Electronics',
  price: '120',
  paymentMethods: 'Cash, EcoCash',
  details: 'Collection in Avondale.',
  city: 'Harare',
  location: 'Avondale',
});

interface Member {
  id: number;
  email: string;
  password: string;
  cookie: string;
}

async function signUpAndIn(client: Client, tag: string): Promise<Member & { loginReply: Reply }> {
  const email = `${tag}.${randomBytes(3).toString('hex')}@example.co.zw`;
  const password = 'correct horse battery';
  const signup = await client.request('POST', '/api/signup', {
    json: { name: 'Rudo Moyo', email, phoneNumber: '0771234567', password },
  });
  expect(signup.status === 201, `sign-up answered ${signup.status}: ${signup.body}`);
  const login = await client.request('POST', '/api/login', { json: { email, password } });
  expect(login.status === 200, `login answered ${login.status}: ${login.body}`);
  return {
    id: signup.json<{ user_id: number }>().user_id,
    email,
    password,
    cookie: sessionCookieOf(login),
    loginReply: login,
  };
}

async function createPost(client: Client, member: Member, name: string, publish: boolean): Promise<number> {
  const headers = { cookie: member.cookie };
  const created = await client.request('POST', '/api/create-post', {
    headers,
    json: { ...listing(name), userId: member.id },
  });
  expect(created.status === 201, `create-post answered ${created.status}: ${created.body}`);
  const id = created.json<{ postId: number }>().postId;
  if (publish) {
    const published = await client.request('PUT', '/api/publish-post', {
      headers,
      json: { id, type: 'product' },
    });
    expect(published.status === 200, `publish-post answered ${published.status}: ${published.body}`);
  }
  return id;
}

// ---- the checks ----------------------------------------------------------------------------------

async function checks() {
  const visitor = clientFrom(2);

  await check(
    'plain HTTP serves the ACME challenge and redirects the rest to the HTTPS public URL',
    async () => {
      const res = await fetch(`http://127.0.0.1:${stack.httpPort}/home?x=1`, { redirect: 'manual' });
      const location = res.headers.get('location');
      expect(res.status === 301, `status ${res.status}`);
      expect(location === `https://localhost:${new URL(stack.base).port}/home?x=1`, `location ${location}`);
      // What certbot --webroot writes, and the certificate authority then fetches over plain HTTP.
      const token = randomBytes(8).toString('hex');
      const challenges = path.join(stack.dir, 'acme', '.well-known', 'acme-challenge');
      mkdirSync(challenges, { recursive: true });
      writeFileSync(path.join(challenges, token), `${token}.key`);
      const acme = await fetch(`http://127.0.0.1:${stack.httpPort}/.well-known/acme-challenge/${token}`);
      const body = await acme.text();
      expect(
        acme.status === 200 && body === `${token}.key`,
        `ACME challenge: ${acme.status} ${body.slice(0, 80)}`,
      );
      return `301 to ${location}; /.well-known/acme-challenge/${token}: 200 from the webroot`;
    },
  );

  await check("HTTPS through nginx: the app's security headers and compression pass through", async () => {
    // The OpenAPI document: an API answer well over @fastify/compress's 1 KB threshold.
    const res = await visitor.request('GET', '/api/docs/json', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.status === 200, `GET /api/docs/json answered ${res.status}`);
    expect(res.headers['content-encoding'] === 'br', `content-encoding ${res.headers['content-encoding']}`);
    expect(res.headers['strict-transport-security'], 'no Strict-Transport-Security (PUBLIC_URL https)');
    expect(res.requestId, 'no X-Request-Id from nginx');
    let web = 'web app not built (npm run build): static files not checked';
    if (stack.webBuilt) {
      const page = await visitor.request('GET', '/', { headers: { 'accept-encoding': 'br, gzip' } });
      const html = (
        page.headers['content-encoding'] === 'br' ? brotliDecompressSync(page.body) : page.body
      ).toString();
      const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
      expect(asset, `no script in the page (status ${page.status})`);
      const file = await visitor.request('GET', asset, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(
        file.status === 200 && file.headers['content-encoding'] === 'br',
        `${asset}: ${file.status} ${file.headers['content-encoding']}`,
      );
      expect(
        String(file.headers['cache-control']).includes('immutable'),
        `cache-control ${file.headers['cache-control']}`,
      );
      web = `${asset}: brotli from the build, ${file.headers['cache-control']}`;
    }
    return `GET /api/docs/json: br, HSTS '${res.headers['strict-transport-security']}'; ${web}`;
  });

  await check('a session made on one instance works on the other', async () => {
    const member = await signUpAndIn(visitor, 'session');
    const loggedInAt = await instanceOf(member.loginReply);
    const answers = await fromBoth(() =>
      visitor.request('GET', '/api/verify-auth', { headers: { cookie: member.cookie } }),
    );
    for (const { reply, at } of answers) {
      const body = reply.json<{ isAuthenticated: boolean; user: { id: number } | null }>();
      expect(
        reply.status === 200 && body.isAuthenticated && body.user?.id === member.id,
        `${label(at)}: ${reply.status} ${reply.body}`,
      );
    }
    return `signed in at ${label(loggedInAt)} (${member.cookie.split('=')[0]}); /api/verify-auth signed in at ${answers.map((a) => label(a.at)).join(', ')}`;
  });

  await check(
    '10 wrong passwords spread over both instances lock the account on both, for that client address only',
    async () => {
      const guesser = clientFrom(3);
      const member = await signUpAndIn(visitor, 'lockout');
      const spread = new Map<string, number>();
      for (let i = 0; i < 10; i++) {
        const res = await guesser.request('POST', '/api/login', {
          json: { email: member.email, password: `wrong guess ${i}` },
        });
        expect(res.status === 401, `wrong password ${i + 1} answered ${res.status}`);
        const at = label(await instanceOf(res));
        spread.set(at, (spread.get(at) ?? 0) + 1);
      }
      expect(spread.size === 2, `the guesses all went to ${[...spread.keys()]}`);
      const locked = await fromBoth(() =>
        guesser.request('POST', '/api/login', { json: { email: member.email, password: member.password } }),
      );
      for (const { reply, at } of locked)
        expect(
          reply.status === 429,
          `the right password at ${label(at)} after 10 failures answered ${reply.status}`,
        );
      // The lock counts the client's address (X-Forwarded-For from nginx, TRUST_PROXY), not nginx's.
      const other = clientFrom(4);
      const elsewhere = await other.request('POST', '/api/login', {
        json: { email: member.email, password: member.password },
      });
      expect(
        elsewhere.status === 200,
        `the right password from another address answered ${elsewhere.status}`,
      );
      return `wrong passwords from 127.0.0.3: ${[...spread].map(([k, v]) => `${v} at ${k}`).join(', ')}; then the right one: 429 at ${locked.map((l) => label(l.at)).join(' and ')}; from 127.0.0.4: 200`;
    },
  );

  await check('an image uploaded through one instance is served through the other', async () => {
    const owner = await signUpAndIn(visitor, 'images');
    const postId = await createPost(visitor, owner, 'Hisense fridge with photo', false);
    const form = multipart([
      { name: 'postId', value: String(postId) },
      { name: 'type', value: 'product' },
      { name: 'images', filename: 'fridge.jpg', data: await jpeg(800, 600), contentType: 'image/jpeg' },
    ]);
    const upload = await visitor.request('POST', '/api/files/upload', {
      headers: { ...form.headers, cookie: owner.cookie },
      body: form.payload,
    });
    expect(upload.status === 201, `upload answered ${upload.status}: ${upload.body}`);
    const uploadedAt = await instanceOf(upload);
    const image = upload.json<{ images: ImageDto[] }>().images[0] as ImageDto;
    const published = await visitor.request('PUT', '/api/publish-post', {
      headers: { cookie: owner.cookie },
      json: { id: postId, type: 'product' },
    });
    expect(published.status === 200, `publish answered ${published.status}`);
    const served = await fromBoth(() => visitor.request('GET', image.url));
    const first = served[0]?.reply.body as Buffer;
    for (const { reply, at } of served) {
      expect(
        reply.status === 200 && reply.headers['content-type'] === 'image/webp',
        `${label(at)}: ${reply.status} ${reply.headers['content-type']}`,
      );
      expect(reply.body.equals(first), `${label(at)} served other bytes`);
    }
    // The bytes live in the bucket, not on either instance's disk.
    const key = image.url.replace(/^\/media\//, '');
    const inBucket = await fetch(`${stack.s3.bucketUrl}/${key}`);
    expect(inBucket.status === 200, `the bucket answered ${inBucket.status} for ${key}`);
    expect(Buffer.from(await inBucket.arrayBuffer()).equals(first), 'the bucket holds other bytes');
    return `uploaded at ${label(uploadedAt)} to the bucket (${key}); ${first.length} bytes of WebP from ${served.map((s) => label(s.at)).join(' and ')}`;
  });

  await check(
    "a post published through one instance shows in the other's /api/first-payload within a second",
    async () => {
      const owner = await signUpAndIn(visitor, 'publish');
      const name = `Kombi spare wheel ${randomBytes(3).toString('hex')}`;
      const postId = await createPost(visitor, owner, name, false);
      // Both instances hold the landing feed in their one-second cache before the publish.
      await fromBoth(() => visitor.request('GET', '/api/first-payload'));
      const published = await visitor.request('PUT', '/api/publish-post', {
        headers: { cookie: owner.cookie },
        json: { id: postId, type: 'product' },
      });
      expect(published.status === 200, `publish answered ${published.status}`);
      const ackAt = Date.now();
      const publishedAt = await instanceOf(published);
      const seen: string[] = [];
      for (;;) {
        const res = await visitor.request('GET', '/api/first-payload');
        const at = await instanceOf(res);
        const shown = res.json<{ posts: Array<{ id: number }> }>().posts.some((p) => p.id === postId);
        seen.push(`${label(at)} +${res.sentAt - ackAt} ms ${shown ? 'shows it' : 'not yet'}`);
        if (at !== publishedAt && shown) {
          expect(
            res.sentAt - ackAt <= 1000,
            `first shown by the other instance to a request sent ${res.sentAt - ackAt} ms after the publish: ${seen.join('; ')}`,
          );
          return `published at ${label(publishedAt)}; first-payload: ${seen.join('; ')}`;
        }
        expect(
          res.sentAt - ackAt <= 1000,
          `not shown by the other instance within 1000 ms: ${seen.join('; ')}`,
        );
        await sleep(25);
      }
    },
  );

  await check(
    'SIGKILL of one instance under a stream of writes: no acknowledged write lost, the other keeps serving',
    async () => {
      const writers: Array<{ client: Client; member: Member }> = [];
      for (let w = 0; w < WRITERS; w++) {
        const client = clientFrom(10 + w);
        writers.push({ client, member: await signUpAndIn(client, `writer${w}`) });
      }
      // Posts to like: each writer likes each of its own pool once, so an acknowledged like is a row.
      const poolOwner = writers[0]?.member as Member;
      const pool = (
        await stack.db.query<{ id: number }>(
          `insert into posts (user_id, type, sell_or_buy, name, category, price, payment_methods, details, city, location, is_published, published_at)
         select $1, 'product', 'Sell', 'Pool item ' || n, 'Electronics', '10', 'Cash', 'For likes', 'Harare', 'Avondale', true, now()
         from generate_series(1, $2::int) n returning id`,
          [poolOwner.id, WRITERS * 500],
        )
      ).rows.map((r) => r.id);

      const statuses = new Map<string, number>();
      const createdIds: number[] = [];
      const likedPairs: Array<[number, number]> = [];
      let acknowledged = 0;
      let networkErrors = 0;
      let killedAt = 0;
      let acknowledgedAfterKill = 0;
      let writing = true;
      const count = (status: number) => statuses.set(String(status), (statuses.get(String(status)) ?? 0) + 1);
      const loop = async (w: number) => {
        const { client, member } = writers[w] as { client: Client; member: Member };
        const headers = { cookie: member.cookie };
        for (let n = 0; writing; n++) {
          try {
            if (n % 2 === 0) {
              const res = await client.request('POST', '/api/create-post', {
                headers,
                json: { ...listing(`Kill test w${w} n${n}`), userId: member.id },
              });
              count(res.status);
              if (res.status === 201) {
                createdIds.push(res.json<{ postId: number }>().postId);
                acknowledged++;
                if (killedAt && res.sentAt > killedAt) acknowledgedAfterKill++;
              }
            } else {
              const postId = pool[w * 500 + (n >> 1)] as number;
              const res = await client.request('POST', `/api/likes/toggle/${postId}`, { headers });
              count(res.status);
              if (res.status === 200 && res.json<{ isLiked: boolean }>().isLiked) {
                likedPairs.push([member.id, postId]);
                acknowledged++;
                if (killedAt && res.sentAt > killedAt) acknowledgedAfterKill++;
              }
            }
          } catch {
            networkErrors++;
            await sleep(50);
          }
        }
      };
      const running = writers.map((_, w) => loop(w));
      const waitFor = async (done: () => boolean, what: string) => {
        const deadline = Date.now() + 60_000;
        while (!done()) {
          expect(Date.now() < deadline, `timed out waiting for ${what}`);
          await sleep(20);
        }
      };
      const victim = stack.instances[1] as Instance;
      try {
        await waitFor(() => acknowledged >= 60, '60 acknowledged writes');
        killedAt = Date.now();
        victim.server.child.kill('SIGKILL');
        await victim.server.exited;
        await waitFor(() => acknowledgedAfterKill >= 60, '60 writes acknowledged after the kill');
      } finally {
        writing = false;
        await Promise.all(running);
      }

      const reads = [];
      for (let i = 0; i < 10; i++) reads.push(await visitor.request('GET', '/api/first-payload'));
      const readStatuses = reads.map((r) => r.status);
      const readsAt = new Set(await Promise.all(reads.map(instanceOf)));

      const storedPosts = new Set(
        (
          await stack.db.query<{ id: number }>('select id from posts where name like $1', ['Kill test %'])
        ).rows.map((r) => r.id),
      );
      const storedLikes = new Set(
        (await stack.db.query<{ k: string }>("select user_id || ':' || post_id as k from likes")).rows.map(
          (r) => r.k,
        ),
      );
      const missingPosts = createdIds.filter((id) => !storedPosts.has(id));
      const missingLikes = likedPairs.filter(([u, p]) => !storedLikes.has(`${u}:${p}`));
      const doneButUnacknowledged = storedPosts.size - createdIds.length;
      const afterKill = stack.nginx
        .accessLog()
        .filter((l) => l.upstreams.includes(victim.address) && l.upstreams.length === 2);
      const badStatuses = [...statuses.keys()].filter((s) => !['200', '201', '502'].includes(s));
      const summary =
        `${acknowledged} writes acknowledged (${createdIds.length} creates, ${likedPairs.length} likes; ${acknowledgedAfterKill} sent after the kill), ` +
        `statuses ${JSON.stringify(Object.fromEntries(statuses))}, network errors ${networkErrors}; ` +
        `missing: ${missingPosts.length} posts, ${missingLikes.length} likes; stored without a 2xx: ${doneButUnacknowledged} posts; ` +
        `${afterKill.length} requests nginx moved to instance A after a refused connect; ` +
        `10 reads after: ${readStatuses.join(',')} from ${[...readsAt].map(label).join(', ')}`;
      expect(
        missingPosts.length === 0 && missingLikes.length === 0,
        `acknowledged writes missing from the database: ${summary}`,
      );
      expect(networkErrors === 0, `nginx did not answer some requests: ${summary}`);
      expect(badStatuses.length === 0, `statuses other than 2xx and 502: ${summary}`);
      expect(
        (statuses.get('502') ?? 0) <= WRITERS,
        `more 502s than requests in flight at the kill: ${summary}`,
      );
      expect(
        readStatuses.every((s) => s === 200) && !readsAt.has(victim.address),
        `reads after the kill: ${summary}`,
      );
      return summary;
    },
  );

  await check(
    'after fail_timeout nginx tries the dead instance again: the refused connect goes to the other, POSTs included',
    async () => {
      const victim = stack.instances[1] as Instance;
      const member = await signUpAndIn(visitor, 'retry');
      // max_fails=1 fail_timeout=10s (the template): the dead instance gets no requests for 10 s.
      await sleep(10_500);
      const replies: Reply[] = [];
      for (let i = 0; i < 4; i++)
        replies.push(
          await visitor.request('POST', '/api/create-post', {
            headers: { cookie: member.cookie },
            json: { ...listing(`Retry test ${i}`), userId: member.id },
          }),
        );
      const ids = new Set(replies.map((r) => r.requestId));
      const lines = stack.nginx.accessLog().filter((l) => ids.has(l.requestId));
      const moved = lines.filter((l) => l.upstreams.length === 2 && l.upstreams[0] === victim.address);
      const stored = await stack.db.query('select id from posts where name like $1', ['Retry test %']);
      expect(
        replies.every((r) => r.status === 201),
        `statuses ${replies.map((r) => r.status).join(',')}`,
      );
      expect(
        moved.length >= 1,
        `no request was tried at instance B first: ${lines.map((l) => l.upstreams.join('>')).join('; ')}`,
      );
      expect(stored.rowCount === 4, `${stored.rowCount} of the 4 posts stored`);
      return `4 creates: 201 each, ${moved.length} tried at instance B first (connection refused) and done at instance A (${moved.map((l) => l.upstreams.map(label).join(' > ')).join('; ')}); 4 stored once each`;
    },
  );

  await check('backup: pg_dump and pg_restore (docs/deploy.md) give back every row', async () => {
    const file = path.join(stack.dir, 'marketplace.dump');
    const restored = `${new URL(stack.databaseUrl).pathname.slice(1)}_restore`;
    const restoredUrl = Object.assign(new URL(stack.databaseUrl), { pathname: `/${restored}` }).toString();
    await run('pg_dump', ['--format=custom', `--file=${file}`, stack.databaseUrl]);
    await run('createdb', [`--maintenance-db=${PG_URL}`, restored]);
    cleanups.push(() => run('dropdb', ['--force', `--maintenance-db=${PG_URL}`, '--if-exists', restored]));
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restoredUrl}`, file]);
    const counts = async (url: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query(
          'select (select count(*) from users) users, (select count(*) from posts) posts, (select count(*) from likes) likes, (select count(*) from post_images) images, (select count(*) from sessions) sessions',
        );
        return JSON.stringify(rows[0]);
      } finally {
        await client.end();
      }
    };
    const [live, copy] = [await counts(stack.databaseUrl), await counts(restoredUrl)];
    expect(live === copy, `live ${live}, restored ${copy}`);
    return `restored into ${restored}: ${copy}`;
  });
}

// ---- main ----------------------------------------------------------------------------------------

async function main() {
  const reason = await skipReason();
  if (reason) {
    console.log(`test:cluster skipped: ${reason}`);
    return 0;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mkt-cluster-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const watchdog = setTimeout(() => {
    console.log('FAIL  the whole run took over 10 minutes');
    void cleanUp().finally(() => process.exit(1));
  }, 600_000);
  try {
    const started = Date.now();
    stack = await startStack(dir);
    console.log(
      `2 instances (${stack.instances.map((i) => i.address).join(', ')}) on PostgreSQL, Redis and s3rver, behind nginx at ${stack.base} (ready in ${Date.now() - started} ms)\n`,
    );
    await checks();
  } catch (error) {
    results.push({
      name: 'the deployment starts',
      ok: false,
      detail: String((error as Error)?.stack ?? error),
    });
    console.log(`FAIL  the deployment starts\n      ${(error as Error)?.stack ?? error}`);
    const logs = stack?.instances.map((i) => i.server.output().slice(-2000)).join('\n---\n');
    if (logs) console.log(logs);
  } finally {
    for (const client of clients) client.close();
    await cleanUp();
    clearTimeout(watchdog);
  }
  const failed = results.filter((r) => !r.ok);
  console.log(`\ntest:cluster: ${results.length - failed.length} passed, ${failed.length} failed`);
  for (const f of failed) console.log(`  failed: ${f.name}`);
  return failed.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
