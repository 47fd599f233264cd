// Conversations between buyer and seller (issue 32) through the API on the real database: who can
// start, read and send; the inbox and its paging; idempotent sends; blocking both ways; the safety
// warning and tip; the same text to five people; reports and moderators' limited view; the limits.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { posts, userEvents } from '../../db/schema';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertPost } from '../../test/post-factory';
import { DAY_MS, TestClock } from '../../test/test-clock';
import { createModerator, TRUST_ENV } from '../../test/trust-helpers';

let t: TestApp;
let moderator: TestUser;
const clock = new TestClock();
beforeAll(async () => {
  t = await createTestApp({ ...TRUST_ENV, SIGNUPS_PER_IP: '1000', LIMITS_MULTIPLIER: '10' }, { clock });
  moderator = await createModerator(t);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const api = (
  method: Method,
  url: string,
  user?: TestUser,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(user ? { cookie: user.cookie } : {}), ...headers },
    ...(payload ? { payload } : {}),
  });
const start = (buyer: TestUser, postId: number, message = 'Hi, is this still available?') =>
  api('POST', '/api/conversations', buyer, { postId, message });
const send = (user: TestUser, id: number, message: string, key?: string) =>
  api('POST', `/api/conversations/${id}/messages`, user, { message }, key ? { 'idempotency-key': key } : {});
const inbox = async (user: TestUser) => (await api('GET', '/api/conversations', user)).json();
const unread = async (user: TestUser) => (await api('GET', '/api/me/unread', user)).json();

async function pair() {
  const seller = await createUser(t.app, { name: 'Chipo Seller' });
  const buyer = await createUser(t.app, { name: 'Tendai Buyer' });
  const post = await insertPost(t, seller.id, { name: 'Hisense fridge 300L' });
  return { seller, buyer, post };
}

describe('POST /api/conversations', () => {
  it('starts a conversation (201), and adds to it when this buyer asks again (200)', async () => {
    const { seller, buyer, post } = await pair();
    const first = await start(buyer, post.id);
    expect(first.statusCode).toBe(201);
    const { conversation, message } = first.json();
    expect(conversation).toMatchObject({
      post: {
        id: post.id,
        name: 'Hisense fridge 300L',
        price: '250',
        currency: 'USD',
        status: 'available',
        thumbUrl: null,
      },
      other: { id: seller.id, name: 'Chipo Seller' },
      unread: 0,
      blocked: false,
    });
    expect(message).toEqual({
      id: expect.any(Number),
      body: 'Hi, is this still available?',
      sentAt: expect.any(String),
      fromMe: true,
      safetyWarning: null,
    });
    const again = await start(buyer, post.id, 'Can I see it tomorrow?');
    expect(again.statusCode).toBe(200);
    expect(again.json().conversation.id).toBe(conversation.id);
    const thread = await api('GET', `/api/conversations/${conversation.id}/messages`, seller);
    expect(thread.json().messages.map((m: { body: string }) => m.body)).toEqual([
      'Can I see it tomorrow?',
      'Hi, is this still available?',
    ]);
    expect(await unread(seller)).toEqual({ messages: 2, notifications: 0 });
  });

  it("refuses visitors (401), hidden posts (404), one's own post (400) and a sold post (409)", async () => {
    const { seller, buyer, post } = await pair();
    expect(
      (await api('POST', '/api/conversations', undefined, { postId: post.id, message: 'Hi' })).statusCode,
    ).toBe(401);
    const draft = await insertPost(t, seller.id, { isPublished: false });
    expect((await start(buyer, draft.id)).statusCode).toBe(404);
    expect((await start(buyer, 999_999)).statusCode).toBe(404);
    const own = await start(seller, post.id);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(MSG.messages.ownPost);
    const sold = await insertPost(t, seller.id, { name: 'Sold bicycle' });
    await t.database.db.update(posts).set({ status: 'sold' }).where(eq(posts.id, sold.id));
    const refused = await start(buyer, sold.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This item has been sold.');
  });

  it('keeps an existing conversation about a post that has since sold working', async () => {
    const { seller, buyer, post } = await pair();
    const id = (await start(buyer, post.id)).json().conversation.id;
    await t.database.db.update(posts).set({ status: 'sold' }).where(eq(posts.id, post.id));
    expect((await start(buyer, post.id, 'Still selling?')).statusCode).toBe(200);
    expect((await send(seller, id, 'Sorry, sold')).statusCode).toBe(201);
    expect((await api('GET', `/api/conversations/${id}`, buyer)).json().post.status).toBe('sold');
  });
});

describe('privacy between conversations', () => {
  it('shows a conversation to its two people only: 404 for anyone else, moderators included', async () => {
    const { seller, buyer, post } = await pair();
    const id = (await start(buyer, post.id)).json().conversation.id;
    const stranger = await createUser(t.app);
    for (const who of [stranger, moderator]) {
      expect((await api('GET', `/api/conversations/${id}`, who)).statusCode).toBe(404);
      expect((await api('GET', `/api/conversations/${id}/messages`, who)).statusCode).toBe(404);
      expect((await send(who, id, 'let me in')).statusCode).toBe(404);
      expect((await api('POST', `/api/conversations/${id}/read`, who)).statusCode).toBe(404);
      expect((await inbox(who)).conversations.map((c: { id: number }) => c.id)).not.toContain(id);
    }
    expect((await api('GET', `/api/conversations/${id}`, seller)).statusCode).toBe(200);
  });
});

describe('the inbox', () => {
  it('lists latest activity first, in exact keyset pages, during inserts', async () => {
    const seller = await createUser(t.app, { name: 'Busy Seller' });
    const ids: number[] = [];
    for (let i = 0; i < 24; i++) {
      const buyer = await createUser(t.app);
      const post = await insertPost(t, seller.id, { name: `Item ${i}` });
      clock.advance(1000);
      ids.push((await start(buyer, post.id, `Question ${i}`)).json().conversation.id);
    }
    const first = (await api('GET', '/api/conversations', seller)).json();
    expect(first.conversations).toHaveLength(20);
    expect(first.conversations[0].id).toBe(ids[23]);
    // A new conversation arrives between the pages: the second page goes on where the first stopped.
    const late = await createUser(t.app);
    clock.advance(1000);
    await start(late, (await insertPost(t, seller.id)).id, 'Late question');
    const second = (
      await api('GET', `/api/conversations?cursor=${encodeURIComponent(first.nextCursor)}`, seller)
    ).json();
    const seen = [...first.conversations, ...second.conversations].map((c: { id: number }) => c.id);
    expect(seen).toEqual([...ids].reverse());
    expect(second.nextCursor).toBeNull();
    expect((await api('GET', '/api/conversations?cursor=not-a-cursor', seller)).statusCode).toBe(400);
  });

  it('counts unread per side and for the caller, and read puts it back to 0', async () => {
    const { seller, buyer, post } = await pair();
    const id = (await start(buyer, post.id)).json().conversation.id;
    await start(buyer, post.id, 'Hello?');
    expect((await inbox(seller)).conversations[0]).toMatchObject({ id, unread: 2 });
    expect(await unread(buyer)).toEqual({ messages: 0, notifications: 0 });
    const read = await api('POST', `/api/conversations/${id}/read`, seller);
    expect(read.json()).toEqual({ unread: 0 });
    expect(await unread(seller)).toEqual({ messages: 0, notifications: 0 });
  });
});

describe('POST /api/conversations/{id}/messages', () => {
  it('checks the text: 1-2000 characters after trimming, 413 past the body limit', async () => {
    const { seller, buyer, post } = await pair();
    const id = (await start(buyer, post.id)).json().conversation.id;
    const empty = await send(seller, id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please write a message.');
    const long = await send(seller, id, 'x'.repeat(2001));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('A message can be at most 2000 characters.');
    expect((await send(seller, id, ` ${'y'.repeat(2000)} `)).statusCode).toBe(201);
    expect((await send(seller, id, 'z'.repeat(20_000))).statusCode).toBe(413);
  });

  it('stores one message for one Idempotency-Key, also for two sends at the same moment', async () => {
    const { seller, buyer, post } = await pair();
    const id = (await start(buyer, post.id)).json().conversation.id;
    const a = await send(seller, id, 'Yes, available', 'key-one-123');
    const b = await send(seller, id, 'Yes, available (again)', 'key-one-123');
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json()).toEqual(a.json());
    const [c, d] = await Promise.all([
      send(seller, id, 'Twice', 'key-two-456'),
      send(seller, id, 'Twice', 'key-two-456'),
    ]);
    expect(c.json()).toEqual(d.json());
    const bodies = (await api('GET', `/api/conversations/${id}/messages`, buyer))
      .json()
      .messages.map((m: { body: string }) => m.body);
    expect(bodies.filter((body: string) => body === 'Twice')).toHaveLength(1);
    expect(bodies.filter((body: string) => body.startsWith('Yes, available'))).toEqual(['Yes, available']);
  });

  it('pages a thread newest first', async () => {
    const { seller, buyer, post } = await pair();
    const id = (await start(buyer, post.id, 'm0')).json().conversation.id;
    for (let i = 1; i < 35; i++) await send(i % 2 ? seller : buyer, id, `m${i}`);
    const first = (await api('GET', `/api/conversations/${id}/messages`, buyer)).json();
    expect(first.messages).toHaveLength(30);
    expect(first.messages[0]).toMatchObject({ body: 'm34', fromMe: true });
    const second = (
      await api('GET', `/api/conversations/${id}/messages?cursor=${first.nextCursor}`, buyer)
    ).json();
    expect(second.messages.map((m: { body: string }) => m.body)).toEqual(['m4', 'm3', 'm2', 'm1', 'm0']);
    expect(second.nextCursor).toBeNull();
  });

  it('writes the live events: the message for both people, the unread count for the recipient', async () => {
    const { seller, buyer, post } = await pair();
    await start(buyer, post.id);
    const eventsOf = (user: TestUser) =>
      t.database.db.select().from(userEvents).where(eq(userEvents.userId, user.id));
    expect((await eventsOf(buyer)).map((e) => e.kind)).toEqual(['message']);
    const sellers = await eventsOf(seller);
    expect(sellers.map((e) => e.kind)).toEqual(['message', 'unread']);
    expect(sellers[1]?.data).toEqual({ messages: 1, notifications: 0 });
    expect((sellers[0]?.data as { message: { fromMe: boolean } } | undefined)?.message.fromMe).toBe(false);
  });
});

describe('blocking', () => {
  it('stops both sides from starting or sending, and the conversation says blocked', async () => {
    const { seller, buyer, post } = await pair();
    const id = (await start(buyer, post.id)).json().conversation.id;
    expect((await api('PUT', `/api/blocks/${buyer.id}`, seller)).statusCode).toBe(200);
    for (const [who, res] of [
      ['buyer', await send(buyer, id, 'hello?')],
      ['seller', await send(seller, id, 'hi')],
      ['buyer again', await start(buyer, post.id, 'again')],
    ] as const) {
      expect(res.statusCode, who).toBe(403);
      expect(res.json().message, who).toBe("You can't message this person.");
    }
    const other = await insertPost(t, seller.id);
    expect((await start(buyer, other.id)).statusCode).toBe(403);
    expect((await api('GET', `/api/conversations/${id}`, buyer)).json().blocked).toBe(true);
    expect((await api('GET', `/api/conversations/${id}`, seller)).json().blocked).toBe(true);
    expect((await api('PUT', `/api/blocks/${seller.id}`, seller)).statusCode).toBe(400);
    expect((await api('DELETE', `/api/blocks/${buyer.id}`, seller)).statusCode).toBe(200);
    expect((await send(buyer, id, 'thanks')).statusCode).toBe(201);
  });
});

describe('safety inside the conversation', () => {
  it('warns the recipient of a message the scam signals flag, not its sender', async () => {
    const { seller, buyer, post } = await pair();
    const id = (await start(buyer, post.id)).json().conversation.id;
    const sent = await send(seller, id, 'Send a deposit of $50 by EcoCash before viewing and I will hold it');
    expect(sent.json().message.safetyWarning).toBeNull();
    const seen = (await api('GET', `/api/conversations/${id}/messages`, buyer)).json().messages[0];
    expect(seen.safetyWarning).toEqual(expect.any(String));
    expect(seen.safetyWarning.length).toBeGreaterThan(10);
  });

  it('shows a safety tip while the other account is younger than 7 days', async () => {
    const { buyer, post } = await pair();
    const id = (await start(buyer, post.id)).json().conversation.id;
    expect((await api('GET', `/api/conversations/${id}`, buyer)).json().safetyTip).toBe(
      MSG.messages.newAccountTip,
    );
    clock.advance(8 * DAY_MS);
    expect((await api('GET', `/api/conversations/${id}`, buyer)).json().safetyTip).toBeNull();
  });

  it('holds the fifth copy of one text within an hour: the recipient sees nothing until a moderator releases it', async () => {
    const buyer = await createUser(t.app, { name: 'Spammy Buyer' });
    const text = 'Pay me first at bit.ly/quick-deal and I will collect';
    const sellers: TestUser[] = [];
    const convs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const seller = await createUser(t.app);
      sellers.push(seller);
      const res = await start(buyer, (await insertPost(t, seller.id)).id, text);
      expect(res.statusCode).toBe(201);
      expect(res.json().message.body).toBe(text); // the sender's answer looks as usual
      convs.push(res.json().conversation.id);
    }
    const fifth = sellers[4] as TestUser;
    const heldId = convs[4] as number;
    expect((await inbox(fifth)).conversations).toEqual([]);
    expect(await unread(fifth)).toEqual({ messages: 0, notifications: 0 });
    expect((await api('GET', `/api/conversations/${heldId}`, fifth)).statusCode).toBe(404);
    expect(await t.database.db.select().from(userEvents).where(eq(userEvents.userId, fifth.id))).toEqual([]);
    expect((await inbox(buyer)).conversations.map((c: { id: number }) => c.id)).toContain(heldId);
    // The fourth went through.
    expect(await unread(sellers[3] as TestUser)).toEqual({ messages: 1, notifications: 0 });

    const queue = (await api('GET', '/api/moderation/queue', moderator)).json().items;
    const item = queue.find(
      (i: { targetType: string; state: string }) => i.targetType === 'message' && i.state === 'held',
    );
    expect(item).toMatchObject({ targetType: 'message', text });
    const release = await api('POST', `/api/moderation/messages/${item.id}/restore`, moderator, {});
    expect(release.statusCode).toBe(200);
    expect(await unread(fifth)).toEqual({ messages: 1, notifications: 0 });
    expect((await inbox(fifth)).conversations[0]).toMatchObject({ id: heldId, unread: 1 });
  });
});

describe('after the fact', () => {
  it('keeps a conversation when its post is deleted: what it showed, as sold, and a report on it', async () => {
    const { seller, buyer, post } = await pair();
    const id = (await start(buyer, post.id)).json().conversation.id;
    const bad = (await send(seller, id, 'Send the deposit first')).json().message;
    expect(
      (await api('POST', '/api/reports', buyer, { targetType: 'message', targetId: bad.id, reason: 'scam' }))
        .statusCode,
    ).toBe(201);
    expect((await api('DELETE', `/api/posts/${post.id}`, seller)).statusCode).toBe(200);

    const seen = (await api('GET', `/api/conversations/${id}`, buyer)).json();
    expect(seen.post).toEqual({
      id: post.id,
      name: 'Hisense fridge 300L',
      price: '250',
      currency: 'USD',
      status: 'sold',
      thumbUrl: null,
    });
    const thread = (await api('GET', `/api/conversations/${id}/messages`, buyer)).json().messages;
    expect(thread.map((m: { body: string }) => m.body)).toEqual([
      'Send the deposit first',
      'Hi, is this still available?',
    ]);
    expect((await inbox(buyer)).conversations.map((c: { id: number }) => c.id)).toContain(id);
    const item = (await api('GET', '/api/moderation/queue', moderator))
      .json()
      .items.find((i: { targetType: string; id: number }) => i.targetType === 'message' && i.id === bad.id);
    expect(item).toMatchObject({ title: 'Hisense fridge 300L', text: 'Send the deposit first' });
  });

  it('holds the copies past the fourth also when all are sent at the same moment', async () => {
    const buyer = await createUser(t.app);
    const text = `Parallel offer ${Date.now()}`;
    const sellers = await Promise.all(Array.from({ length: 7 }, () => createUser(t.app)));
    const posts = await Promise.all(sellers.map((seller) => insertPost(t, seller.id)));
    const answers = await Promise.all(posts.map((p) => start(buyer, p.id, text)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(7).fill(201));
    const reached = await Promise.all(sellers.map(async (seller) => (await unread(seller)).messages));
    expect(reached.filter((n) => n === 1)).toHaveLength(4);
    expect(reached.filter((n) => n === 0)).toHaveLength(3);
  });

  it('releases a held message without telling anyone once the recipient has blocked the sender', async () => {
    const buyer = await createUser(t.app);
    const text = `Same words to everyone ${Date.now()}`;
    let last: { seller: TestUser; id: number } | undefined;
    for (let i = 0; i < 5; i++) {
      const seller = await createUser(t.app);
      const res = await start(buyer, (await insertPost(t, seller.id)).id, text);
      last = { seller, id: res.json().conversation.id };
    }
    const { seller } = last as { seller: TestUser; id: number };
    expect((await api('PUT', `/api/blocks/${buyer.id}`, seller)).statusCode).toBe(200);
    const item = (await api('GET', '/api/moderation/queue', moderator))
      .json()
      .items.find((i: { text: string; state: string }) => i.text === text && i.state === 'held');
    expect((await api('POST', `/api/moderation/messages/${item.id}/restore`, moderator, {})).statusCode).toBe(
      200,
    );
    expect(await unread(seller)).toEqual({ messages: 0, notifications: 0 });
    expect(await t.database.db.select().from(userEvents).where(eq(userEvents.userId, seller.id))).toEqual([]);
  });

  it('writes nothing when a thread already read is marked read again', async () => {
    const { seller, buyer, post } = await pair();
    const id = (await start(buyer, post.id)).json().conversation.id;
    const events = async () =>
      (await t.database.db.select().from(userEvents).where(eq(userEvents.userId, seller.id))).length;
    await api('POST', `/api/conversations/${id}/read`, seller);
    const after = await events();
    for (let i = 0; i < 3; i++)
      expect((await api('POST', `/api/conversations/${id}/read`, seller)).json()).toEqual({ unread: 0 });
    expect(await events()).toBe(after);
  });

  it("keeps a message's Idempotency-Key apart from the same key on create-post", async () => {
    const { seller, buyer, post } = await pair();
    const id = (await start(buyer, post.id)).json().conversation.id;
    const key = 'same-key-12345';
    // Before the fix a create-post key could be spelt as a message's scoped key; now none can be.
    expect((await send(buyer, id, 'Keyed message', key)).statusCode).toBe(201);
    const created = await api(
      'POST',
      '/api/create-post',
      buyer,
      {
        type: 'product',
        name: 'Kettle',
        category: 'Electronics',
        price: '10',
        paymentMethods: 'Cash',
        details: 'Works',
        city: 'Harare',
        location: 'Avondale',
        sell_or_buy: 'Sell',
      },
      { 'idempotency-key': key },
    );
    expect(created.statusCode).toBe(201);
    expect(created.headers['idempotent-replayed']).toBeUndefined();
    expect(created.json().postId).not.toBe(post.id);
    expect((await api('GET', `/api/posts/${created.json().postId}`, seller)).statusCode).not.toBe(500);
  });

  it('refuses a message cursor past the largest id with 400', async () => {
    const { buyer, post } = await pair();
    const id = (await start(buyer, post.id)).json().conversation.id;
    const cursor = Buffer.from('m9999999999').toString('base64url');
    expect((await api('GET', `/api/conversations/${id}/messages?cursor=${cursor}`, buyer)).statusCode).toBe(
      400,
    );
  });
});

describe("reports and the moderators' view", () => {
  it('takes a report of a message from its recipient, and shows the queue the 10 messages before it', async () => {
    const { seller, buyer, post } = await pair();
    const id = (await start(buyer, post.id, 'c0')).json().conversation.id;
    for (let i = 1; i <= 11; i++) await send(i % 2 ? seller : buyer, id, `c${i}`);
    const bad = (await send(seller, id, 'Send airtime now or lose it')).json().message;
    const report = (user: TestUser) =>
      api('POST', '/api/reports', user, { targetType: 'message', targetId: bad.id, reason: 'scam' });
    expect((await report(seller)).statusCode).toBe(403);
    expect((await report(await createUser(t.app))).statusCode).toBe(404);
    expect((await report(buyer)).statusCode).toBe(201);

    const item = (await api('GET', '/api/moderation/queue', moderator))
      .json()
      .items.find((i: { targetType: string; id: number }) => i.targetType === 'message' && i.id === bad.id);
    expect(item).toMatchObject({ text: 'Send airtime now or lose it', reportWeight: expect.any(Number) });
    expect(item.context.map((c: { body: string }) => c.body)).toEqual([
      'c2',
      'c3',
      'c4',
      'c5',
      'c6',
      'c7',
      'c8',
      'c9',
      'c10',
      'c11',
    ]);
    expect(item.context[9]).toMatchObject({ from: 'author' });
    expect(item.context[8]).toMatchObject({ from: 'other' });
    // The moderator sees nothing else of the conversation.
    expect((await api('GET', `/api/conversations/${id}/messages`, moderator)).statusCode).toBe(404);

    expect((await api('POST', `/api/moderation/messages/${bad.id}/hide`, moderator, {})).statusCode).toBe(
      200,
    );
    const thread = (await api('GET', `/api/conversations/${id}/messages`, buyer)).json().messages;
    expect(thread.map((m: { id: number }) => m.id)).not.toContain(bad.id);
    const own = (await api('GET', `/api/conversations/${id}/messages`, seller)).json().messages;
    expect(own.map((m: { id: number }) => m.id)).toContain(bad.id);
  });
});

describe('limits', () => {
  it('answers 429 with Retry-After past MESSAGES_PER_HOUR and the new conversations of a young account', async () => {
    const small = await createTestApp({
      SIGNUPS_PER_IP: '100',
      MESSAGES_PER_HOUR: '3',
      NEW_ACCOUNT_CONVERSATIONS_PER_DAY: '2',
    });
    try {
      const seller = await createUser(small.app);
      const buyer = await createUser(small.app);
      const postIds = [];
      for (let i = 0; i < 3; i++)
        postIds.push((await insertPost(small, seller.id, { name: `Thing ${i}` })).id);
      const startIn = (postId: number) =>
        small.app.inject({
          method: 'POST',
          url: '/api/conversations',
          headers: { cookie: buyer.cookie },
          payload: { postId, message: 'Hi' },
        });
      expect((await startIn(postIds[0] as number)).statusCode).toBe(201);
      expect((await startIn(postIds[1] as number)).statusCode).toBe(201);
      const third = await startIn(postIds[2] as number);
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      // Two messages used of three: one more, then 429.
      expect((await startIn(postIds[0] as number)).statusCode).toBe(200);
      const fourth = await startIn(postIds[1] as number);
      expect(fourth.statusCode).toBe(429);
      expect(fourth.headers['retry-after']).toBeDefined();
    } finally {
      await small.close();
    }
  });
});
