// The live stream over real HTTP (issue 32, decision 040): what a message does to the streams of its two
// people and nobody else's, a reconnect with Last-Event-ID getting exactly what it missed, the limit of
// streams per user, and two instances: a message sent at one reaching a stream held at the other through
// Redis, through the database poll without Redis, and across a Redis outage with the stream kept open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { type EventStreamReader, openEventStream } from '../../test/event-stream';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { redisSkipReason, type ScratchRedis, startScratchRedis } from '../../test/redis';
import { createTwinApps, publishPost, reachablePostgres, type TwinApps } from '../../test/twin-apps';

const ENV = { SIGNUPS_PER_IP: '1000', LIMITS_MULTIPLIER: '100' };

async function listen(app: App): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace('localhost', '127.0.0.1');
}

const startConversation = (app: App, buyer: TestUser, postId: number, message: string) =>
  app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: { cookie: buyer.cookie },
    payload: { postId, message },
  });

const sendMessage = (app: App, user: TestUser, conversationId: number, message: string) =>
  app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/messages`,
    headers: { cookie: user.cookie },
    payload: { message },
  });

type MessageData = { conversationId: number; message: { body: string; fromMe: boolean } };
const messageWith = (body: string) => (event: { event: string; data: unknown }) =>
  event.event === 'message' && (event.data as MessageData).message.body === body;

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 300; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('one instance', () => {
  let t: TestApp;
  let base: string;
  const streams: EventStreamReader[] = [];
  const open = async (user: TestUser, lastEventId?: number | string) => {
    const stream = await openEventStream(base, user.cookie, lastEventId);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    t = await createTestApp(ENV);
    base = await listen(t.app);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.close();
  });

  async function conversationAbout(name: string) {
    const seller = await createUser(t.app, { name: 'Chipo Seller' });
    const buyer = await createUser(t.app, { name: 'Tendai Buyer' });
    const postId = await publishPost(t.app, seller.cookie, name);
    return { seller, buyer, postId };
  }

  it('refuses a visitor with a JSON 401, not a stream', async () => {
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('x-error-code')).toBeTruthy();
  });

  it('opens with the unread counts, then brings each message to its two people and no one else', async () => {
    const { seller, buyer, postId } = await conversationAbout('Hisense fridge 300L');
    const stranger = await createUser(t.app);
    const sellerStream = await open(seller);
    const buyerStream = await open(buyer);
    const strangerStream = await open(stranger);
    expect(sellerStream.status).toBe(200);
    expect(sellerStream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(sellerStream.headers.get('cache-control')).toMatch(/no-store/);
    expect(sellerStream.headers.get('x-accel-buffering')).toBe('no');
    const first = await sellerStream.next(() => true);
    expect(first).toMatchObject({ event: 'unread', data: { messages: 0, notifications: 0 } });

    const started = await startConversation(t.app, buyer, postId, 'Hi, is this still available?');
    expect(started.statusCode).toBe(201);
    const conversationId = started.json().conversation.id;
    const received = await sellerStream.next(messageWith('Hi, is this still available?'));
    expect(received.data).toMatchObject({ conversationId, message: { fromMe: false } });
    const counts = await sellerStream.next((e) => e.event === 'unread' && e !== first);
    expect(counts.data).toEqual({ messages: 1, notifications: 0 });
    // The sender's other tabs see it too, as their own.
    const echoed = await buyerStream.next(messageWith('Hi, is this still available?'));
    expect(echoed.data).toMatchObject({ message: { fromMe: true } });

    const reply = await sendMessage(t.app, seller, conversationId, 'Yes, come on Saturday');
    expect(reply.statusCode).toBe(201);
    await buyerStream.next(messageWith('Yes, come on Saturday'));
    // Reading it sends the reader's new count.
    await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/read`,
      headers: { cookie: seller.cookie },
    });
    await sellerStream.next((e) => e.event === 'unread' && (e.data as { messages: number }).messages === 0);

    // Ids only grow, and a stranger's stream held only its own counts.
    const ids = sellerStream.events.slice(1).map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    expect(strangerStream.events.map((e) => e.event)).toEqual(['unread']);
  });

  it('brings a notification and the new counts to its person alone (issue 33)', async () => {
    const { seller, buyer, postId } = await conversationAbout('Gas stove, 4 plates');
    const sellerStream = await open(seller);
    const buyerStream = await open(buyer);
    await sellerStream.next(() => true);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: { cookie: buyer.cookie },
      payload: { postId, content: 'Does the oven work?' },
    });
    expect(res.statusCode).toBe(201);
    const note = await sellerStream.next((e) => e.event === 'notification');
    expect(note.data).toMatchObject({
      kind: 'comment',
      text: 'Tendai Buyer commented on "Gas stove, 4 plates"',
      link: `/posts/${postId}`,
      read: false,
    });
    const counts = await sellerStream.next((e) => e.event === 'unread' && Number(e.id) > Number(note.id));
    expect(counts.data).toEqual({ messages: 0, notifications: 1 });
    expect(buyerStream.events.map((e) => e.event)).toEqual(['unread']);
  });

  it('replays exactly what a reconnect with Last-Event-ID missed, in order', async () => {
    const { seller, buyer, postId } = await conversationAbout('Honda Fit 2009');
    const started = await startConversation(t.app, buyer, postId, 'First');
    const conversationId = started.json().conversation.id;
    const before = await open(seller);
    const seen = await before.next(() => true);
    // The first frame of a fresh stream is the counts, numbered with the last event so far.
    const lastSeen = Number(seen.id);
    before.close();

    for (const body of ['Second', 'Third', 'Fourth'])
      expect((await sendMessage(t.app, buyer, conversationId, body)).statusCode).toBe(201);
    const after = await open(seller, lastSeen);
    await after.next(messageWith('Fourth'));
    const missed = after.events.filter((e) => e.event === 'message');
    expect(missed.map((e) => (e.data as MessageData).message.body)).toEqual(['Second', 'Third', 'Fourth']);
    expect(Number(after.events[0]?.id)).toBe(lastSeen + 1);
    const ids = after.events.map((e) => Number(e.id));
    expect(ids).toEqual(ids.map((_, i) => lastSeen + 1 + i));

    // ?lastEventId= does the same (a client that cannot set the header); a number from the future or
    // not a number is a fresh start: the current counts.
    const byQuery = await fetch(`${base}/api/events?lastEventId=${lastSeen}`, {
      headers: { cookie: seller.cookie },
    });
    const reader = byQuery.body?.getReader();
    let text = '';
    while (!text.includes('Fourth')) text += new TextDecoder().decode((await reader?.read())?.value);
    await reader?.cancel();
    expect(text.indexOf('Second')).toBeLessThan(text.indexOf('Fourth'));
    for (const odd of [999_999_999, 'abc']) {
      const fresh = await open(seller, odd);
      expect(await fresh.next(() => true)).toMatchObject({ event: 'unread', data: { messages: 4 } });
      fresh.close();
    }
  });

  it('keeps at most 5 streams per user: a sixth ends the oldest, which is told so', async () => {
    const user = await createUser(t.app);
    const opened: EventStreamReader[] = [];
    for (let i = 0; i < 6; i++) {
      opened.push(await open(user));
      await opened[i]?.next(() => true);
    }
    await until(() => opened[0]?.ended === true, 'the oldest stream to end');
    expect(opened.slice(1).every((s) => !s.ended)).toBe(true);
    // Told why, so its tab does not reconnect and end another in turn.
    expect(opened[0]?.events.at(-1)).toMatchObject({ event: 'closed', data: { reason: 'too-many-streams' } });
  });
});

const postgres = await reachablePostgres();
const twinDatabase = postgres ? 'PostgreSQL' : 'PGlite (no PostgreSQL at PG_TEST_URL)';

describe.skipIf(redisSkipReason)(
  `two instances on ${twinDatabase} and one Redis (${redisSkipReason ?? 'a redis-server of its own'})`,
  () => {
    let redis: ScratchRedis;
    let twins: TwinApps;
    let baseB: string;

    beforeAll(async () => {
      redis = await startScratchRedis();
      // The poll is made too slow to matter: what arrives, arrives by the Redis hint.
      twins = await createTwinApps(
        { ...ENV, REDIS_URL: redis.url, LIVE_POLL_MS: '600000' },
        { postgresUrl: postgres },
      );
      await twins.a.listen({ port: 0, host: '127.0.0.1' });
      baseB = await listen(twins.b);
      await until(
        () => [twins.a, twins.b].every((app) => app.deps.sharedStore?.state === 'up'),
        'both instances to reach Redis',
      );
    });
    afterAll(async () => {
      await twins?.close();
      await redis?.stop();
    });

    it('brings a message sent at one instance to a stream held at the other; across a Redis outage too', async () => {
      const seller = await createUser(twins.a);
      const buyer = await createUser(twins.a);
      const postId = await publishPost(twins.a, seller.cookie, 'Solar panel 300W');
      const stream = await openEventStream(baseB, seller.cookie);
      try {
        await stream.next(() => true);
        const started = await startConversation(twins.a, buyer, postId, 'Hello from A');
        expect(started.statusCode).toBe(201);
        await stream.next(messageWith('Hello from A'));

        await redis.stop();
        await until(
          () => [twins.a, twins.b].every((app) => app.deps.sharedStore?.state === 'down'),
          'both instances to notice',
        );
        const during = await sendMessage(
          twins.a,
          buyer,
          started.json().conversation.id,
          'Sent while Redis is down',
        );
        expect(during.statusCode).toBe(201);
        await redis.start();
        // Subscribed again, B looks for what it missed: the stream was never closed.
        await stream.next(messageWith('Sent while Redis is down'), 15_000);
        expect(stream.ended).toBe(false);
      } finally {
        stream.close();
      }
    }, 60_000);
  },
);

describe(`two instances on ${twinDatabase} without Redis`, () => {
  let twins: TwinApps;
  let baseB: string;

  beforeAll(async () => {
    twins = await createTwinApps({ ...ENV, LIVE_POLL_MS: '300' }, { postgresUrl: postgres });
    baseB = await listen(twins.b);
  });
  afterAll(() => twins?.close());

  it("brings a message sent at one instance to the other's stream by the database poll", async () => {
    const seller = await createUser(twins.a);
    const buyer = await createUser(twins.a);
    const postId = await publishPost(twins.a, seller.cookie, 'Gas stove two plate');
    const stream = await openEventStream(baseB, seller.cookie);
    try {
      await stream.next(() => true);
      expect((await startConversation(twins.a, buyer, postId, 'Polled across')).statusCode).toBe(201);
      await stream.next(messageWith('Polled across'));
    } finally {
      stream.close();
    }
  });
});
