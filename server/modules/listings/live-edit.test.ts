// Editing a live listing (issue 34, decision 045): the owner edits a published post in place. It keeps
// its place in the feeds (no bump), its likes, comments and saves; the edit runs the checks a new post
// runs (scam warning, copy-paste hold); savers hear of a new price once; the feeds and the post's page
// show the edit at once, cache or not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostDetail, PostWrapper } from '../../../shared/api-types';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { call, createPostViaApi, myPosts, productInput } from '../../test/listing-helpers';

let t: TestApp;
let owner: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  // The feed cache on (as in production), so a stale page would show.
  t = await createTestApp({
    NEW_ACCOUNT_POSTS_PER_DAY: '1000',
    SIGNUPS_PER_IP: '100',
    FEED_CACHE_MS: '60000',
  });
  owner = await createUser(t.app, { name: 'Owner Moyo' });
  buyer = await createUser(t.app, { name: 'Buyer Dube' });
}, 120_000);
afterAll(() => t.close());

async function publishedPost(user: TestUser, overrides: Record<string, unknown> = {}) {
  const item = await createPostViaApi(t, user.cookie, productInput(overrides));
  const res = await call(t, 'PUT', '/api/publish-post', user.cookie, {
    id: item.id,
    type: 'product',
    isPublished: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  return item;
}

const edit = (user: TestUser, id: number, overrides: Record<string, unknown>) =>
  call(t, 'PUT', '/api/edit-post', user.cookie, { ...productInput({ id, ...overrides }), userId: user.id });

const detail = async (id: number, user?: TestUser) => {
  const res = await call(t, 'GET', `/api/posts/${id}`, user?.cookie);
  return { status: res.statusCode, post: res.json() as PostDetail };
};
const feedIds = async () =>
  ((await call(t, 'GET', '/api/posts', buyer.cookie)).json().posts as PostWrapper[]).map((p) => p.id);
const feedName = async (id: number) =>
  ((await call(t, 'GET', '/api/posts', buyer.cookie)).json().posts as PostWrapper[]).find((p) => p.id === id)
    ?.Product?.name;
const notificationsOf = async (user: TestUser) =>
  (await call(t, 'GET', '/api/notifications', user.cookie)).json().notifications as {
    kind: string;
    text: string;
  }[];

describe('PUT /api/edit-post on a published post', () => {
  it('edits in place: same feed position, likes, comments and saves kept, the edit shown at once', async () => {
    const older = await publishedPost(owner, { name: 'Older Nokia phone' });
    const newer = await publishedPost(owner, { name: 'Newer Itel phone' });
    expect((await call(t, 'POST', `/api/likes/toggle/${older.id}`, buyer.cookie)).statusCode).toBe(200);
    const comment = await call(t, 'POST', '/api/comments', buyer.cookie, {
      postId: older.id,
      content: 'Price?',
    });
    expect(comment.statusCode).toBe(201);
    expect((await call(t, 'PUT', `/api/favourites/${older.id}`, buyer.cookie)).statusCode).toBe(200);
    const before = await detail(older.id);
    const order = await feedIds();
    expect(order.indexOf(newer.id)).toBeLessThan(order.indexOf(older.id));
    expect(await feedName(older.id)).toBe('Older Nokia phone'); // now cached

    const res = await edit(owner, older.id, { name: 'Nokia 105, like new', price: '25' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Nokia 105, like new', price: '25', isPublished: true });

    // The feeds and the page show it at once (the edit cleared the cache) and the order is unchanged.
    expect(await feedName(older.id)).toBe('Nokia 105, like new');
    expect(await feedIds()).toEqual(order);
    const after = await detail(older.id);
    expect(after.post).toMatchObject({ publishedAt: before.post.publishedAt, Product: { price: '25' } });
    const mine = (await myPosts(t, owner.cookie)).find((p) => p.id === older.id);
    expect(mine?.stats).toMatchObject({ likes: 1, comments: 1 });
    const saved = (await call(t, 'GET', '/api/favourites', buyer.cookie)).json().posts as PostWrapper[];
    expect(saved.map((p) => p.id)).toEqual([older.id]);
  });

  it('tells savers of a new price once, and not of other changes', async () => {
    const post = await publishedPost(owner, { name: 'Hisense fridge', price: '300' });
    const saver = await createUser(t.app, { name: 'Saver Sibanda' });
    expect((await call(t, 'PUT', `/api/favourites/${post.id}`, saver.cookie)).statusCode).toBe(200);
    expect((await edit(owner, post.id, { name: 'Hisense fridge', price: '280' })).statusCode).toBe(200);
    // Another change at the same price, and the same edit sent twice: no news.
    expect(
      (await edit(owner, post.id, { name: 'Hisense fridge', price: '280', details: 'Works.' })).statusCode,
    ).toBe(200);
    expect(
      (await edit(owner, post.id, { name: 'Hisense fridge', price: '280', details: 'Works.' })).statusCode,
    ).toBe(200);
    expect((await notificationsOf(saver)).map((n) => [n.kind, n.text])).toEqual([
      ['favourite-price', '"Hisense fridge", which you saved, now costs $280 per item.'],
    ]);
    expect((await notificationsOf(owner)).filter((n) => n.kind === 'favourite-price')).toEqual([]);
  });

  it('warns readers of scam text, as for a new post', async () => {
    const post = await publishedPost(owner, { name: 'Laptop for sale' });
    expect((await detail(post.id)).post.safetyWarning).toBeNull();
    const scam = { name: 'Laptop for sale', details: 'Send a deposit by Western Union before viewing.' };
    expect((await edit(owner, post.id, scam)).statusCode).toBe(200);
    expect((await detail(post.id)).post.safetyWarning).toEqual(expect.any(String));
  });

  it('holds copy-paste text that other accounts just published, as publishing it would', async () => {
    const text = { name: 'Cheap iPhone 15 Pro Max', details: 'Brand new sealed, DM for details now.' };
    for (const name of ['Ring One', 'Ring Two']) {
      const ring = await createUser(t.app, { name });
      await publishedPost(ring, text);
    }
    const post = await publishedPost(owner, { name: 'Honest old radio' });
    const res = await edit(owner, post.id, text);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ moderation: 'held' });
    expect((await detail(post.id, buyer)).status).toBe(404);
    expect(await feedIds()).not.toContain(post.id);
    // The owner still sees it, and is told why it does not show.
    expect((await detail(post.id, owner)).status).toBe(200);
    expect((await notificationsOf(owner)).map((n) => n.kind)).toContain('moderation');
  });

  it('is still refused to anyone but the owner, and changes nothing', async () => {
    const post = await publishedPost(owner, { name: 'Owner only' });
    const res = await edit(buyer, post.id, { name: 'Mine now' });
    expect(res.statusCode).toBe(403);
    expect((await detail(post.id)).post.Product?.name).toBe('Owner only');
  });
});
