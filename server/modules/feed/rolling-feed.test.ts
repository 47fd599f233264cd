import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RollingFeedItem } from '../../../shared/api-types';
import { createUser, type TestUser } from '../../test/factories';
import {
  at,
  clearFeedCache,
  feedOrder,
  insertImage,
  insertPosts,
  rollingCall,
} from '../../test/feed-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertPost } from '../../test/post-factory';

let t: TestApp;
let seller: TestUser;
let productIds: number[];
let serviceIds: number[];
let hiddenIds: number[];
const publishedAt = new Map<number, number>();

beforeAll(async () => {
  t = await createTestApp();
  seller = await createUser(t.app, { name: 'Chipo Dube', phoneNumber: '0772000111' });
  // 23 products and 14 services; some share a timestamp so the id tie-breaker matters.
  const products = await insertPosts(
    t,
    seller.id,
    Array.from({ length: 23 }, (_, i) => ({ type: 'product' as const, publishedAt: at(Math.floor(i / 3)) })),
  );
  const services = await insertPosts(
    t,
    seller.id,
    Array.from({ length: 14 }, (_, i) => ({
      type: 'service' as const,
      name: `Plumbing ${i}`,
      price: '15',
      publishedAt: at(i * 2 + 1),
    })),
  );
  const hidden = await insertPosts(t, seller.id, [
    { type: 'product', isPublished: false },
    { type: 'service', isPublished: false },
    { type: 'product', isPublished: false, publishedAt: at(5) },
  ]);
  for (const row of [...products, ...services]) publishedAt.set(row.id, row.publishedAt?.getTime() ?? 0);
  productIds = feedOrder(products);
  serviceIds = feedOrder(services);
  hiddenIds = hidden.map((row) => row.id);
});
afterAll(() => t.close());

const firstPayload = () => {
  clearFeedCache(t);
  return t.app.inject({ method: 'GET', url: '/api/first-payload' });
};

describe('GET /api/first-payload', () => {
  it('returns the 10 newest products and 10 newest services merged newest first, with cursors', async () => {
    const res = await firstPayload();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    const items: RollingFeedItem[] = body.posts;
    expect(items).toHaveLength(20);
    expect(items.filter((i) => i.type === 'Product').map((i) => i.id)).toEqual(productIds.slice(0, 10));
    expect(items.filter((i) => i.type === 'Service').map((i) => i.id)).toEqual(serviceIds.slice(0, 10));
    expect(typeof body.productCursor).toBe('string');
    expect(typeof body.serviceCursor).toBe('string');
  });

  it('shows items in the spec flat shape with the author contact', async () => {
    const items: RollingFeedItem[] = (await firstPayload()).json().posts;
    const product = items.find((i) => i.type === 'Product');
    const service = items.find((i) => i.type === 'Service');
    expect(product).toMatchObject({
      postId: product?.id,
      price: '250',
      category: 'Home and Kitchen',
      sell_or_buy: 'Sell',
      isPublished: true,
      userName: 'Chipo Dube',
      phoneNumber: '0772000111',
      cover: null,
    });
    // Beyond the spec's flat item: the city, so /infinite cards name the place as /home's do.
    expect(product?.city).toBe('Harare');
    expect(service?.city).toBe('Harare');
    expect(product).not.toHaveProperty('location');
    expect(product).not.toHaveProperty('rate');
    expect(service).toMatchObject({ rate: '15', type: 'Service' });
    expect(service).not.toHaveProperty('price');
  });

  it('merges products and services newest first by publication time', async () => {
    const items: RollingFeedItem[] = (await firstPayload()).json().posts;
    const expected = [...productIds.slice(0, 10), ...serviceIds.slice(0, 10)].sort(
      (a, b) => (publishedAt.get(b) ?? 0) - (publishedAt.get(a) ?? 0) || b - a,
    );
    expect(items.map((i) => i.id)).toEqual(expected);
  });

  it('gives each item its publication time, the one its order uses (issue 34: the card shows it)', async () => {
    const start = (await firstPayload()).json();
    const next = (await rollingCall(t, 'products', start.productCursor)).json();
    for (const items of [start.posts, next.posts] as RollingFeedItem[][]) {
      expect(items.length).toBeGreaterThan(0);
      // Created now, published at the seeded times: a card showing the creation time would be wrong.
      for (const item of items) expect(Date.parse(item.publishedAt)).toBe(publishedAt.get(item.id));
      const times = items.map((item) => Date.parse(item.publishedAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
  });

  it('includes the cover image (first by position) of each item', async () => {
    const [newest] = productIds;
    if (!newest) throw new Error('no posts');
    await insertImage(t, newest, 2, 'second');
    await insertImage(t, newest, 0, 'first');
    const items: RollingFeedItem[] = (await firstPayload()).json().posts;
    const item = items.find((i) => i.id === newest);
    expect(item?.cover).toMatchObject({
      url: `/media/posts/${newest}/first-full.webp`,
      thumbUrl: `/media/posts/${newest}/first-thumb.webp`,
      // The detail shows the card's cover while the post loads: it needs the medium variant too.
      mediumUrl: `/media/posts/${newest}/first-medium.webp`,
      width: 1600,
      height: 1200,
    });
  });
});

async function walk(kind: 'products' | 'services', onPage: () => Promise<void>) {
  const cursorField = kind === 'products' ? 'productCursor' : 'serviceCursor';
  const type = kind === 'products' ? 'Product' : 'Service';
  const start = (await firstPayload()).json();
  const seen: number[] = start.posts
    .filter((i: RollingFeedItem) => i.type === type)
    .map((i: RollingFeedItem) => i.id);
  let cursor: string | null = start[cursorField];
  let calls = 0;
  while (cursor) {
    await onPage();
    const res = await rollingCall(t, kind, cursor);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.posts.length).toBeLessThanOrEqual(10);
    expect(body.posts.every((i: RollingFeedItem) => i.type === type)).toBe(true);
    seen.push(...body.posts.map((i: RollingFeedItem) => i.id));
    cursor = body[cursorField];
    if (++calls > 20) throw new Error('the walk does not end');
  }
  return seen;
}

describe('rolling feed paging', () => {
  it('visits every product exactly once, in order, while new posts are published during the walk', async () => {
    const added: number[] = [];
    const seen = await walk('products', async () => {
      added.push((await insertPost(t, seller.id, { type: 'product' })).id);
      await insertPost(t, seller.id, { type: 'product', isPublished: false });
    });
    expect(added.length).toBeGreaterThan(0);
    expect(seen).toEqual(productIds);
  });

  it('visits every service exactly once, in order, while new posts are published during the walk', async () => {
    const seen = await walk('services', async () => {
      await insertPost(t, seller.id, { type: 'service' });
    });
    expect(seen).toEqual(serviceIds);
  });

  it('never shows unpublished posts', async () => {
    const products = await walk('products', async () => {});
    const services = await walk('services', async () => {});
    for (const id of hiddenIds) {
      expect(products).not.toContain(id);
      expect(services).not.toContain(id);
    }
  });

  it('ends with a null cursor on a page that is exactly full, without an empty extra page', async () => {
    const fresh = await createTestApp();
    try {
      const user = await createUser(fresh.app);
      await insertPosts(
        fresh,
        user.id,
        Array.from({ length: 20 }, (_, i) => ({ type: 'product' as const, publishedAt: at(i) })),
      );
      const start = (await fresh.app.inject({ method: 'GET', url: '/api/first-payload' })).json();
      expect(start.serviceCursor).toBeNull();
      expect(start.posts).toHaveLength(10);
      const next = (await rollingCall(fresh, 'products', start.productCursor)).json();
      expect(next.posts).toHaveLength(10);
      expect(next.productCursor).toBeNull();
    } finally {
      await fresh.close();
    }
  });

  it('starts from the newest post without a cursor, and answers an empty final page to "null"', async () => {
    const first = (await rollingCall(t, 'services')).json();
    expect(first.posts).toHaveLength(10);
    expect(typeof first.serviceCursor).toBe('string');
    const exhausted = (await rollingCall(t, 'services', 'null')).json();
    expect(exhausted).toEqual({ posts: [], serviceCursor: null });
  });

  it('also accepts a JSON body', async () => {
    const start = (await firstPayload()).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/rolling-feed-products',
      payload: { incomingProductCursor: start.productCursor },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().posts[0].type).toBe('Product');
  });

  it.each([
    'garbage!',
    'AAAA',
    Buffer.from('2026-01-10T08:00:00.000000Z_0').toString('base64url'),
    'x'.repeat(200),
    // Dates before 1970 (year 0 is one PostgreSQL refuses outright) are none this server handed out.
    Buffer.from('0000-01-01T00:00:00.000000Z_5').toString('base64url'),
    Buffer.from('1969-12-31T23:59:59.999999Z_5').toString('base64url'),
  ])('answers 400 for a malformed cursor (%s)', async (cursor) => {
    const res = await rollingCall(t, 'products', cursor);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('incomingProductCursor');
  });

  it('answers 400 for a cursor holding a date that does not exist', async () => {
    const cursor = Buffer.from('2026-02-30T08:00:00.000000Z_5').toString('base64url');
    expect((await rollingCall(t, 'services', cursor)).statusCode).toBe(400);
  });
});

describe('the city on rolling-feed items', () => {
  // Newer than the posts the walks above published at the real time.
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
  it("is each post's own city, on the first payload and on the pages", async () => {
    const product = await insertPost(t, seller.id, {
      type: 'product',
      city: 'Mutare',
      publishedAt: later(1),
    });
    const service = await insertPost(t, seller.id, { type: 'service', city: 'Gweru', publishedAt: later(2) });
    const first: RollingFeedItem[] = (await firstPayload()).json().posts;
    expect(first.find((i) => i.id === product.id)?.city).toBe('Mutare');
    expect(first.find((i) => i.id === service.id)?.city).toBe('Gweru');
    expect((await rollingCall(t, 'products')).json().posts[0]).toMatchObject({
      id: product.id,
      city: 'Mutare',
    });
    expect((await rollingCall(t, 'services')).json().posts[0]).toMatchObject({
      id: service.id,
      city: 'Gweru',
    });
  });
});
