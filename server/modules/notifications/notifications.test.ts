// Notifications (issue 33) through the API on the real database: each kind and what creates it, never
// for one's own action or from someone blocked, a day's likes grouped in one row, read state, paging,
// the unread counts and the events the live stream sends.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favourites, notifications, userEvents } from '../../db/schema';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertPost } from '../../test/post-factory';
import { DAY_MS, TestClock } from '../../test/test-clock';
import { createModerator, TRUST_ENV } from '../../test/trust-helpers';
import { raiseExpiryNotices } from './expiry-notices';

let t: TestApp;
let moderator: TestUser;
const clock = new TestClock(new Date('2026-11-28T08:00:00Z'));
beforeAll(async () => {
  t = await createTestApp(
    { ...TRUST_ENV, SIGNUPS_PER_IP: '1000', LIMITS_MULTIPLIER: '10', POST_EXPIRY_DAYS: '60' },
    { clock },
  );
  moderator = await createModerator(t);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const api = (method: Method, url: string, user?: TestUser, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: user ? { cookie: user.cookie } : {},
    ...(payload ? { payload } : {}),
  });
const list = async (user: TestUser, cursor?: string) =>
  (
    await api('GET', `/api/notifications${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, user)
  ).json() as {
    notifications: {
      id: number;
      kind: string;
      text: string;
      link: string;
      read: boolean;
      count: number;
      actors: { id: number; name: string }[];
    }[];
    nextCursor: string | null;
  };
const unread = async (user: TestUser) => (await api('GET', '/api/me/unread', user)).json();
const comment = (user: TestUser, postId: number, content = 'Is it still available?') =>
  api('POST', '/api/comments', user, { postId, content });
const like = (user: TestUser, postId: number) => api('POST', `/api/likes/toggle/${postId}`, user);
const tick = () => clock.advance(1000);

async function sellerWithPost(name = 'Hisense fridge 300L') {
  const seller = await createUser(t.app, { name: 'Chipo Seller' });
  const post = await insertPost(t, seller.id, { name, publishedAt: clock.now() });
  return { seller, post };
}

describe('comment', () => {
  it("tells the post's owner, in a finished sentence that links to the post", async () => {
    const { seller, post } = await sellerWithPost();
    const buyer = await createUser(t.app, { name: 'Rudo Chikore' });
    expect((await comment(buyer, post.id)).statusCode).toBe(201);
    const { notifications: rows } = await list(seller);
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        kind: 'comment',
        text: 'Rudo Chikore commented on "Hisense fridge 300L"',
        link: `/posts/${post.id}`,
        createdAt: clock.now().toISOString(),
        read: false,
        actors: [{ id: buyer.id, name: 'Rudo Chikore' }],
        count: 1,
      },
    ]);
    expect(await unread(seller)).toEqual({ messages: 0, notifications: 1 });
    // The stream's record: the notification and the new counts, in the comment's transaction.
    const events = await t.database.db.select().from(userEvents).where(eq(userEvents.userId, seller.id));
    expect(events.map((e) => e.kind)).toEqual(['notification', 'unread']);
    expect(events[0]?.data).toMatchObject({ kind: 'comment', text: rows[0]?.text });
    expect(events[1]?.data).toEqual({ messages: 0, notifications: 1 });
  });

  it('never tells anyone of their own comment, nor of one from someone either of them blocked', async () => {
    const { seller, post } = await sellerWithPost();
    await comment(seller, post.id, 'Still available, come and see it.');
    const blocked = await createUser(t.app, { name: 'Blocked Person' });
    expect((await api('PUT', `/api/blocks/${blocked.id}`, seller)).statusCode).toBe(200);
    await comment(blocked, post.id);
    const blocker = await createUser(t.app, { name: 'Blocker Person' });
    await api('PUT', `/api/blocks/${seller.id}`, blocker);
    await comment(blocker, post.id);
    expect((await list(seller)).notifications).toEqual([]);
    expect(await unread(seller)).toEqual({ messages: 0, notifications: 0 });
  });
});

describe('like', () => {
  it("groups a day's likes of one post in one row: 'A and 3 others liked …', count 4", async () => {
    const { seller, post } = await sellerWithPost('Toyota Fit 2012');
    const names = ['Tendai Moyo', 'Farai Ncube', 'Nyasha Dube', 'Rudo Chikore'];
    const likers: TestUser[] = [];
    for (const name of names) {
      const user = await createUser(t.app, { name });
      likers.push(user);
      tick();
      expect((await like(user, post.id)).statusCode).toBe(200);
    }
    await like(seller, post.id); // their own like tells no one
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.userId, seller.id));
    expect(rows).toHaveLength(1);
    const [shown] = (await list(seller)).notifications;
    expect(shown).toMatchObject({
      kind: 'like',
      text: 'Rudo Chikore and 3 others liked "Toyota Fit 2012"',
      count: 4,
      read: false,
      link: `/posts/${post.id}`,
    });
    expect(shown?.actors.map((a) => a.name)).toEqual(['Rudo Chikore', 'Nyasha Dube', 'Farai Ncube']);
    // An unlike and a like again is still four people, not five.
    await like(likers[0] as TestUser, post.id);
    tick();
    await like(likers[0] as TestUser, post.id);
    expect((await list(seller)).notifications[0]).toMatchObject({
      count: 4,
      text: 'Tendai Moyo and 3 others liked "Toyota Fit 2012"',
    });
    // The next day is a new row.
    clock.advance(DAY_MS);
    await like(await createUser(t.app, { name: 'Kuda Banda' }), post.id);
    const after = (await list(seller)).notifications;
    expect(after.map((n) => n.text)).toEqual([
      'Kuda Banda liked "Toyota Fit 2012"',
      'Tendai Moyo and 3 others liked "Toyota Fit 2012"',
    ]);
  });

  it('raises a read group again when more likes come that day', async () => {
    const { seller, post } = await sellerWithPost('Gas stove');
    await like(await createUser(t.app, { name: 'Ana One' }), post.id);
    await api('POST', '/api/notifications/read', seller, {});
    expect(await unread(seller)).toMatchObject({ notifications: 0 });
    tick();
    await like(await createUser(t.app, { name: 'Ben Two' }), post.id);
    expect((await list(seller)).notifications).toEqual([
      expect.objectContaining({ text: 'Ben Two and Ana One liked "Gas stove"', count: 2, read: false }),
    ]);
  });
});

describe('people who left or were blocked', () => {
  it("neither names nor counts a liker the owner blocked later, and names a deleted account 'Deleted user'", async () => {
    const { seller, post } = await sellerWithPost('Electric kettle');
    const blocked = await createUser(t.app, { name: 'Pushy Liker' });
    await like(blocked, post.id);
    await api('PUT', `/api/blocks/${blocked.id}`, seller);
    tick();
    const leaving = await createUser(t.app, { name: 'Leaving Soon' });
    await like(leaving, post.id);
    expect((await list(seller)).notifications.map((n) => [n.text, n.count])).toEqual([
      ['Leaving Soon liked "Electric kettle"', 1],
    ]);
    const gone = await api('DELETE', '/api/account', leaving, { password: leaving.password });
    expect(gone.statusCode).toBe(200);
    expect((await list(seller)).notifications.map((n) => n.text)).toEqual([
      'Deleted user liked "Electric kettle"',
    ]);
  });
});

describe('moderation', () => {
  it('tells the owner their post was hidden and restored, and the reporters that it was acted on', async () => {
    const { seller, post } = await sellerWithPost('Cheap iPhone 15');
    const reporter = await createUser(t.app, { name: 'Careful Buyer' });
    expect(
      (await api('POST', '/api/reports', reporter, { targetType: 'post', targetId: post.id, reason: 'scam' }))
        .statusCode,
    ).toBe(201);
    tick();
    expect(
      (await api('POST', `/api/moderation/posts/${post.id}/hide`, moderator, { reason: 'Scam' })).statusCode,
    ).toBe(200);
    tick();
    expect((await api('POST', `/api/moderation/posts/${post.id}/restore`, moderator, {})).statusCode).toBe(
      200,
    );
    expect((await list(seller)).notifications.map((n) => n.text)).toEqual([
      'Your post "Cheap iPhone 15" is visible again.',
      'Your post "Cheap iPhone 15" was hidden by a moderator.',
    ]);
    expect((await list(reporter)).notifications.map((n) => [n.kind, n.text])).toEqual([
      [
        'moderation',
        'Thank you for your report about "Cheap iPhone 15": moderators have hidden what you reported.',
      ],
    ]);
  });

  it('tells a commenter their comment was hidden', async () => {
    const { post } = await sellerWithPost('Bicycle');
    const author = await createUser(t.app, { name: 'Loud Commenter' });
    const created = await comment(author, post.id, 'Call me now');
    const id = created.json().comment.id as number;
    const hidden = await api('POST', `/api/moderation/comments/${id}/hide`, moderator, { reason: 'Spam' });
    expect(hidden.statusCode, `${created.body} ${hidden.body}`).toBe(200);
    expect((await list(author)).notifications.map((n) => n.text)).toEqual([
      'Your comment on "Bicycle" was hidden by a moderator.',
    ]);
  });
});

describe('expiring and expired', () => {
  it('tells the owner 3 days before expiry, once, and when it expired', async () => {
    const seller = await createUser(t.app, { name: 'Old Lister' });
    const post = await insertPost(t, seller.id, {
      name: 'Sofa set',
      publishedAt: new Date(clock.now().getTime() - 56 * DAY_MS),
    });
    const deps = t.app.deps;
    await raiseExpiryNotices(deps);
    expect((await list(seller)).notifications).toEqual([]); // 4 days left
    clock.advance(DAY_MS + 1000);
    await raiseExpiryNotices(deps);
    await raiseExpiryNotices(deps);
    expect((await list(seller)).notifications.map((n) => [n.kind, n.text, n.link])).toEqual([
      ['expiring', 'Your post "Sofa set" expires in 3 days. Renew it to keep it listed.', '/account'],
    ]);
    clock.advance(3 * DAY_MS);
    await raiseExpiryNotices(deps);
    await raiseExpiryNotices(deps);
    expect((await list(seller)).notifications.map((n) => n.kind)).toEqual(['expired', 'expiring']);
    expect((await list(seller)).notifications[0]?.text).toBe(
      'Your post "Sofa set" has expired. Renew it to list it again.',
    );
    expect(post.id).toBeGreaterThan(0);
  });
});

describe('favourite-sold and favourite-price', () => {
  it('tells those who saved a post that it sold, and of a new price', async () => {
    const seller = await createUser(t.app, { name: 'Seller Saved' });
    const created = await api('POST', '/api/create-post', seller, {
      userId: seller.id,
      type: 'product',
      sell_or_buy: 'Sell',
      name: 'Honda Fit 2010',
      category: 'Automotive',
      price: '4500',
      paymentMethods: 'Cash',
      details: 'Clean, papers in order.',
      city: 'Bulawayo',
      location: 'Hillside',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(
      (await api('PUT', '/api/publish-post', seller, { id, type: 'product', isPublished: true })).statusCode,
    ).toBe(200);
    const saver = await createUser(t.app, { name: 'Saver One' });
    expect((await api('PUT', `/api/favourites/${id}`, saver)).statusCode).toBe(200);
    tick();
    // A published post is edited by taking it down first; publishing it again at another price is news.
    const publish = (isPublished: boolean) =>
      api('PUT', '/api/publish-manager', seller, { id, type: 'product', isPublished });
    expect((await publish(false)).statusCode).toBe(200);
    const edit = await api('PUT', '/api/edit-post', seller, {
      id,
      userId: seller.id,
      type: 'product',
      sell_or_buy: 'Sell',
      name: 'Honda Fit 2010',
      category: 'Automotive',
      price: '4200',
      paymentMethods: 'Cash',
      details: 'Clean, papers in order.',
      city: 'Bulawayo',
      location: 'Hillside',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await list(saver)).notifications).toEqual([]);
    expect((await publish(true)).statusCode).toBe(200);
    tick();
    expect((await api('PUT', `/api/posts/${id}/status`, seller, { status: 'sold' })).statusCode).toBe(200);
    expect((await list(saver)).notifications.map((n) => [n.kind, n.text, n.link])).toEqual([
      ['favourite-sold', '"Honda Fit 2010", which you saved, has been sold.', `/posts/${id}`],
      ['favourite-price', '"Honda Fit 2010", which you saved, now costs $4,200 per item.', `/posts/${id}`],
    ]);
    const saved = await t.database.db
      .select()
      .from(favourites)
      .where(and(eq(favourites.postId, id)));
    expect(saved).toHaveLength(1);
    expect((await list(seller)).notifications).toEqual([]);
  });
});

describe('GET /api/notifications and POST /api/notifications/read', () => {
  it('pages newest first, marks some or all read, and answers the unread count', async () => {
    const { seller, post } = await sellerWithPost('Dining table');
    const buyer = await createUser(t.app, { name: 'Many Comments' });
    for (let i = 0; i < 25; i++) {
      tick();
      await comment(buyer, post.id, `Question number ${i + 1}`);
    }
    const first = await list(seller);
    expect(first.notifications).toHaveLength(20);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list(seller, first.nextCursor ?? '');
    expect(second.notifications).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.notifications, ...second.notifications].map((n) => n.id);
    expect(new Set(ids).size).toBe(25);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const two = ids.slice(0, 2);
    const read = await api('POST', '/api/notifications/read', seller, { ids: two });
    expect(read.json()).toEqual({ unread: 23 });
    // Another person's ids change nothing of theirs.
    expect((await api('POST', '/api/notifications/read', buyer, { ids: ids.slice(2, 5) })).json()).toEqual({
      unread: 0,
    });
    expect((await list(seller)).notifications.filter((n) => n.read).map((n) => n.id)).toEqual(two);
    expect((await api('POST', '/api/notifications/read', seller)).json()).toEqual({ unread: 0 });
    expect(await unread(seller)).toMatchObject({ notifications: 0 });
  });

  it('refuses a bad cursor and bad ids with 400, and visitors with 401', async () => {
    const user = await createUser(t.app);
    expect((await api('GET', '/api/notifications?cursor=nonsense', user)).statusCode).toBe(400);
    expect((await api('POST', '/api/notifications/read', user, { ids: ['x'] })).statusCode).toBe(400);
    expect(
      (
        await api('POST', '/api/notifications/read', user, {
          ids: Array.from({ length: 101 }, (_, i) => i + 1),
        })
      ).statusCode,
    ).toBe(400);
    expect((await api('GET', '/api/notifications')).statusCode).toBe(401);
    expect((await api('POST', '/api/notifications/read')).statusCode).toBe(401);
  });
});
