// npm run bench -- --streams: the live streams of issue 32 on one server process (the real entry point,
// a child of this one) on PostgreSQL. 2,000 signed-in users each hold GET /api/events open; 1,000
// conversations pair them; messages go at 50 a second between random pairs through
// POST /api/conversations/{id}/messages. Measured: delivery from the send's answer to the event read
// from the recipient's stream (p50, p99; goal p99 <= 100 ms), the server's RSS with the streams idle
// over the idle server (goal <= 150 MB, after a full GC both times), the longest event-loop stall
// (/readyz's eventLoopLagMs, goal <= 50 ms), and GET /api/first-payload's ratio to a bare node:http
// hello-world with the streams open against without (goal: within 10%).
// The database is a fresh one on PG_TEST_URL's server (or DATABASE_URL's), dropped afterwards.
// Options: --streams-count N (2000) --rate N messages/s (50) --seconds S (20)
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashToken } from '../server/modules/auth/session-store';
import { freePort } from '../server/test/pg-cluster';
import {
  collectGarbage,
  rssOf,
  type ServerProcess,
  startServer,
  waitForReady,
} from '../server/test/server-process';
import { cannon } from './cannon';
import { startNodeHello } from './measure';

export interface StreamsOptions {
  streams: number;
  rate: number;
  seconds: number;
  durationSeconds: number;
}

const MB = 1_048_576;
const BUNDLE = 'dist/server/main.mjs';
const PASSWORD = 'bench streams password';
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A fresh database on the PostgreSQL server, and how to drop it. */
async function freshDatabase() {
  const base =
    process.env.DATABASE_URL || process.env.PG_TEST_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const name = `bench_streams_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = Object.assign(new URL(base), { pathname: `/${name}` }).toString();
  return {
    url,
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function post(base: string, route: string, body: object, cookie?: string) {
  const res = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/**
 * The members: one signed up through the API (its password hash is reused), the rest written directly
 * with a session each (2,000 sign-ups through a deliberately slow password hash would take minutes).
 * Every even member sells one post; the odd one after it asks about it: a conversation per pair.
 */
async function members(base: string, db: pg.Client, count: number) {
  const first = await post(base, '/api/signup', {
    name: 'Bench Member',
    email: 'bench.0@example.co.zw',
    phoneNumber: '0771234567',
    password: PASSWORD,
  });
  if (first.status !== 201) throw new Error(`sign-up: ${first.status} ${JSON.stringify(first.json)}`);
  const { rows } = await db.query<{ id: number }>(
    `insert into users (name, email, phone_number, password_hash)
     select 'Bench Member ' || n, 'bench.' || n || '@example.co.zw', '0771234567',
            (select password_hash from users where email = 'bench.0@example.co.zw')
     from generate_series(1, $1::int) n order by n returning id`,
    [count - 1],
  );
  const ids = [Number(first.json.user_id), ...rows.map((r) => r.id)];
  const cookies = ids.map(() => `sid=${randomBytes(32).toString('base64url')}`);
  await db.query(
    `insert into sessions (token_hash, user_id, expires_at)
     select unnest($1::text[]), unnest($2::int[]), now() + interval '1 day'`,
    [cookies.map((c) => hashToken(c.slice(4))), ids],
  );
  const sellers = ids.filter((_, i) => i % 2 === 0);
  const { rows: postRows } = await db.query<{ id: number }>(
    `insert into posts (user_id, type, sell_or_buy, name, category, price, payment_methods, details, city, location, is_published, published_at)
     select s, 'product', 'Sell', 'Bench fridge ' || s, 'Electronics', '250', 'Cash', 'Bench post', 'Harare', 'Avondale', true, now()
     from unnest($1::int[]) with ordinality as t(s, n) order by n returning id`,
    [sellers],
  );
  const conversations: Array<{ id: number; seller: number; buyer: number }> = [];
  for (let i = 0; i < postRows.length; i += 50) {
    const batch = postRows.slice(i, i + 50).map(async (row, j) => {
      const pair = (i + j) * 2;
      const started = await post(
        base,
        '/api/conversations',
        { postId: row.id, message: `Is it still available? ${pair}` },
        cookies[pair + 1],
      );
      if (started.status !== 201) throw new Error(`start: ${started.status} ${JSON.stringify(started.json)}`);
      conversations.push({
        id: (started.json.conversation as { id: number }).id,
        seller: pair,
        buyer: pair + 1,
      });
    });
    await Promise.all(batch);
  }
  return { cookies, conversations };
}

interface Held {
  close(): void;
}

/** Holds GET /api/events for one member; `onMessage` hears each message event's body as it is read. */
function holdStream(base: string, cookie: string, onMessage: (body: string) => void): Promise<Held> {
  const url = new URL(`${base}/api/events`);
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: url.hostname, port: url.port, path: url.pathname, headers: { cookie }, agent: false },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`events: ${res.statusCode}`));
        let buffered = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffered += chunk;
          for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
            const frame = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            if (!frame.startsWith('id:') || !frame.includes('\nevent: message\n')) continue;
            const data = frame.slice(frame.indexOf('\ndata: ') + 7);
            onMessage((JSON.parse(data) as { message: { body: string } }).message.body);
          }
        });
        res.on('error', () => {});
        resolve({ close: () => req.destroy() });
      },
    );
    req.on('error', reject);
  });
}

/** The first-payload rate over the node:http hello-world's, measured back to back. */
async function firstPayloadRatio(base: string, helloUrl: string, seconds: number) {
  const options = { connections: 10, durationSeconds: seconds };
  const hello = await cannon('hello', helloUrl, options);
  const first = await cannon('first-payload', `${base}/api/first-payload`, options);
  return { ratio: first.requestsPerSecond / hello.requestsPerSecond, hello, first };
}

async function readyLag(base: string): Promise<number> {
  const res = await fetch(`${base}/readyz`);
  return ((await res.json()) as { eventLoopLagMs: number }).eventLoopLagMs;
}

export async function runStreams(options: StreamsOptions) {
  const database = await freshDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mkt-bench-streams-'));
  let server: ServerProcess | undefined;
  const held: Held[] = [];
  const nodeHello = await startNodeHello();
  try {
    const port = await freePort();
    server = startServer(
      dataDir,
      { PORT: String(port), DATABASE_URL: database.url, LIMITS_MULTIPLIER: '10000', LOG_LEVEL: 'warn' },
      // The bundle `npm start` runs when it is built (npm run build:server), else the TypeScript.
      { gcOnSignal: true, built: existsSync(BUNDLE) ? BUNDLE : undefined },
    );
    await waitForReady(port, server.child);
    const base = `http://127.0.0.1:${port}`;
    const pid = server.child.pid ?? 0;
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const { cookies, conversations } = await members(base, db, options.streams);
    await db.end();
    console.log(
      `PostgreSQL, one server process (${existsSync(BUNDLE) ? BUNDLE : 'server/main.ts under tsx'}, pid ${pid}); ${cookies.length} members, ${conversations.length} conversations.`,
    );

    const without = await firstPayloadRatio(base, nodeHello.url, options.durationSeconds);
    await collectGarbage(server.child);
    const idleRss = rssOf(pid);

    // Every member's stream, opened 50 at a time.
    const arrivals = new Map<string, number>();
    for (let i = 0; i < cookies.length; i += 50)
      held.push(
        ...(await Promise.all(
          cookies.slice(i, i + 50).map((cookie) =>
            holdStream(base, cookie, (body) => {
              if (!arrivals.has(body)) arrivals.set(body, performance.now());
            }),
          ),
        )),
      );
    await sleep(2000);
    await collectGarbage(server.child);
    const streamsRss = rssOf(pid);
    const withStreams = await firstPayloadRatio(base, nodeHello.url, options.durationSeconds);

    // Messages between random pairs at the rate asked; each send's answer time, by its unique body.
    const answered = new Map<string, number>();
    const failures: string[] = [];
    let maxLag = await readyLag(base);
    const lagPoll = setInterval(() => {
      void readyLag(base).then((lag) => {
        maxLag = Math.max(maxLag, lag);
      });
    }, 2000);
    const total = options.rate * options.seconds;
    const started = performance.now();
    const sends: Promise<void>[] = [];
    for (let n = 0; n < total; n++) {
      const due = started + (n * 1000) / options.rate;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const c = conversations[Math.floor(Math.random() * conversations.length)];
      if (!c) continue;
      const from = Math.random() < 0.5 ? c.seller : c.buyer;
      const body = `Bench message ${n} ${randomBytes(3).toString('hex')}`;
      sends.push(
        post(base, `/api/conversations/${c.id}/messages`, { message: body }, cookies[from]).then((res) => {
          if (res.status === 201) answered.set(body, performance.now());
          else failures.push(`${res.status} ${JSON.stringify(res.json)}`);
        }),
      );
    }
    await Promise.all(sends);
    const sendSeconds = (performance.now() - started) / 1000;
    await sleep(2000);
    clearInterval(lagPoll);
    maxLag = Math.max(maxLag, await readyLag(base));

    const delays: number[] = [];
    let lost = 0;
    for (const [body, at] of answered) {
      const arrived = arrivals.get(body);
      if (arrived === undefined) lost += 1;
      else delays.push(Math.max(0, arrived - at));
    }
    const p50 = percentile(delays, 50);
    const p99 = percentile(delays, 99);
    const rssOver = (streamsRss - idleRss) / MB;
    const ratioChange = withStreams.ratio / without.ratio;

    console.log(
      `\nStreams: ${held.length} open; ${answered.size} messages answered 201 in ${sendSeconds.toFixed(1)} s (${(answered.size / sendSeconds).toFixed(1)}/s), ${failures.length} refused${failures.length ? ` (first: ${failures[0]})` : ''}`,
    );
    console.log(
      `Delivery from the send's answer to the recipient's event: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${Math.max(0, ...delays).toFixed(1)} ms; never arrived: ${lost}`,
    );
    console.log(
      `RSS: idle ${(idleRss / MB).toFixed(0)} MB, with ${held.length} idle streams ${(streamsRss / MB).toFixed(0)} MB (+${rssOver.toFixed(0)} MB, ${((streamsRss - idleRss) / held.length / 1024).toFixed(1)} KB a stream)`,
    );
    console.log(
      `First payload / node:http hello-world: ${without.ratio.toFixed(3)} without streams (${without.first.requestsPerSecond.toFixed(0)} / ${without.hello.requestsPerSecond.toFixed(0)} req/s), ${withStreams.ratio.toFixed(3)} with them (${withStreams.first.requestsPerSecond.toFixed(0)} / ${withStreams.hello.requestsPerSecond.toFixed(0)} req/s)`,
    );
    console.log(`Longest event-loop stall (the server's /readyz) during the messages: ${maxLag} ms`);

    const mark = (ok: boolean) => (ok ? 'MET ' : 'MISS');
    console.log('\nBudgets (issue 32)');
    console.log(
      `${mark(p99 <= 100 && lost === 0)}  delivery p99 <= 100 ms, none lost: ${p99.toFixed(1)} ms, ${lost} lost`,
    );
    console.log(
      `${mark(rssOver <= 150)}  RSS with ${held.length} idle streams <= 150 MB over idle: +${rssOver.toFixed(0)} MB`,
    );
    console.log(`${mark(maxLag <= 50)}  longest event-loop stall <= 50 ms: ${maxLag} ms`);
    console.log(
      `${mark(ratioChange >= 0.9)}  first-payload ratio with streams within 10% of without: ${(ratioChange * 100).toFixed(1)}%`,
    );
  } finally {
    for (const stream of held) stream.close();
    server?.child.kill('SIGTERM');
    await server?.exited;
    await nodeHello.close();
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}
