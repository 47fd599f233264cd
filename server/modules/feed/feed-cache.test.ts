// The feeds are cached for a second, but a write through the API shows at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostWrapper, RollingFeedItem } from '../../../shared/api-types';
import { createUser, type TestUser } from '../../test/factories';
import { clearFeedCache } from '../../test/feed-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertPost } from '../../test/post-factory';

let t: TestApp;
let seller: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  seller = await createUser(t.app);
  await insertPost(t, seller.id, { name: 'Older listing' });
});
afterAll(() => t.close());

const firstPayloadIds = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/first-payload' }))
    .json()
    .posts.map((p: RollingFeedItem) => p.id);
const homeIds = async (query = '') =>
  (await t.app.inject({ method: 'GET', url: `/api/posts${query}` }))
    .json()
    .posts.map((p: PostWrapper) => p.id);

async function createAndPublish(name: string) {
  const headers = { cookie: seller.cookie };
  const payload = {
    type: 'product',
    sell_or_buy: 'Sell',
    name,
    category: 'Electronics',
    price: '120',
    paymentMethods: 'Cash',
    details: 'Like new.',
    city: 'Harare',
    location: 'Avondale',
  };
  const created = await t.app.inject({ method: 'POST', url: '/api/create-post', headers, payload });
  expect(created.statusCode).toBe(201);
  const id: number = created.json().postId;
  const published = await t.app.inject({
    method: 'PUT',
    url: '/api/publish-post',
    headers,
    payload: { id, type: 'product', isPublished: true },
  });
  expect(published.statusCode).toBe(200);
  return id;
}

describe('feed cache', () => {
  it('shows a post published through the API at once, on first-payload and /home', async () => {
    await firstPayloadIds();
    await homeIds();
    await homeIds('?type=product');
    const id = await createAndPublish('Just published phone');
    expect(await firstPayloadIds()).toContain(id);
    expect(await homeIds()).toContain(id);
    expect(await homeIds('?type=product')).toContain(id);
  });

  it('hides a post unpublished through the API at once', async () => {
    const id = await createAndPublish('Soon hidden');
    expect(await firstPayloadIds()).toContain(id);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/publish-manager',
      headers: { cookie: seller.cookie },
      payload: { id, type: 'product', isPublished: false },
    });
    expect(res.statusCode).toBe(200);
    expect(await firstPayloadIds()).not.toContain(id);
    expect(await homeIds()).not.toContain(id);
  });

  it('serves a change made outside the API (another instance) within the TTL', async () => {
    await firstPayloadIds();
    const row = await insertPost(t, seller.id, { name: 'Published by another instance' });
    expect(await firstPayloadIds()).not.toContain(row.id);
    await new Promise((resolve) => setTimeout(resolve, t.app.deps.config.feedCacheMs + 50));
    expect(await firstPayloadIds()).toContain(row.id);
  });

  it('is not cleared by the rolling-feed POSTs, which only read', async () => {
    clearFeedCache(t);
    await firstPayloadIds();
    const row = await insertPost(t, seller.id, { name: 'Not yet visible' });
    const rolling = await t.app.inject({
      method: 'POST',
      url: '/api/rolling-feed-products',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(rolling.statusCode).toBe(200);
    expect(rolling.json().posts.map((p: RollingFeedItem) => p.id)).toContain(row.id);
    expect(await firstPayloadIds()).not.toContain(row.id);
  });

  it('is not cleared by likes, views or comments, which the landing feeds do not show', async () => {
    const post = await insertPost(t, seller.id, { name: 'Liked and commented' });
    clearFeedCache(t);
    await firstPayloadIds();
    const row = await insertPost(t, seller.id, { name: 'Still cached away' });
    const headers = { cookie: seller.cookie };
    const calls = [
      t.app.inject({ method: 'POST', url: `/api/likes/toggle/${post.id}`, headers }),
      t.app.inject({ method: 'POST', url: `/api/posts/${post.id}/view`, headers }),
      t.app.inject({
        method: 'POST',
        url: '/api/comments',
        headers,
        payload: { postId: post.id, content: 'Hi' },
      }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBeLessThan(300);
    expect(await firstPayloadIds()).not.toContain(row.id);
  });

  it("shows a seller's new name at once: the feeds show userName and phoneNumber", async () => {
    await createAndPublish('Renamed seller listing');
    const names = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/first-payload' }))
        .json()
        .posts.map((p: RollingFeedItem) => p.userName);
    expect(await names()).not.toContain('Renamed Seller');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/update-user',
      headers: { cookie: seller.cookie },
      payload: { name: 'Renamed Seller', email: seller.email, phoneNumber: '0772222222' },
    });
    expect(res.statusCode).toBe(200);
    expect(await names()).toContain('Renamed Seller');
  });

  it('caches searches, filters and later pages too, and a write through the API clears them', async () => {
    await homeIds('?city=Harare');
    await homeIds('?search=fridge');
    // Made outside the API (as another instance without Redis would): not shown within the TTL.
    const outside = await insertPost(t, seller.id, { name: 'Quiet fridge' });
    expect(await homeIds('?city=Harare')).not.toContain(outside.id);
    expect(await homeIds('?search=FRIDGE!')).not.toContain(outside.id);
    const published = await createAndPublish('Loud fridge');
    expect(await homeIds('?city=Harare')).toEqual(expect.arrayContaining([outside.id, published]));
    expect(await homeIds('?search=fridge')).toEqual(expect.arrayContaining([outside.id, published]));
  });
});
