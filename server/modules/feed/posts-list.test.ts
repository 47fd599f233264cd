import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostWrapper } from '../../../shared/api-types';
import { createUser, type TestUser } from '../../test/factories';
import { at, clearFeedCache, feedOrder, insertImage, insertPosts, selectRows } from '../../test/feed-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertPost } from '../../test/post-factory';

let t: TestApp;
let seller: TestUser;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  seller = await createUser(t.app, { name: 'Tatenda Sibanda' });
  const named = {
    fridge: { name: 'Samsung Fridge 300L', city: 'Harare', location: 'Avondale', publishedAt: at(10) },
    tractor: {
      name: 'Massey Ferguson tractor',
      category: 'Agriculture',
      details: 'Low hours, new tyres, serviced in Chinhoyi last month.',
      city: 'Chinhoyi',
      location: 'Town',
      sellOrBuy: 'Buy' as const,
      publishedAt: at(20),
    },
    plumber: {
      type: 'service' as const,
      name: 'Emergency plumbing',
      category: 'Tools and Hardware',
      details: 'Burst geysers and blocked drains fixed the same day.',
      city: 'Bulawayo',
      location: 'Hillside',
      price: '20',
      publishedAt: at(30),
    },
    maize: {
      name: 'Maize seed 10kg',
      category: 'Agriculture',
      details: 'SC 403, certified.',
      city: 'Mutare',
      location: 'Sakubva',
      publishedAt: at(40),
    },
    hidden: { name: 'Secret fridge deal', isPublished: false, publishedAt: null },
  };
  for (const [key, overrides] of Object.entries(named))
    ids[key] = (await insertPost(t, seller.id, overrides)).id;
});
afterAll(() => t.close());

const list = async (query = '') => {
  clearFeedCache(t);
  const res = await t.app.inject({ method: 'GET', url: `/api/posts${query}` });
  return { status: res.statusCode, body: res.json() as { posts: PostWrapper[]; nextCursor: string | null } };
};
const idsOf = (posts: PostWrapper[]) => posts.map((p) => p.id);

describe('GET /api/posts', () => {
  it('lists published posts newest first as post wrappers', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    const gzipped = await t.app.inject({ url: '/api/posts', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(idsOf(body.posts)).toEqual([ids.maize, ids.plumber, ids.tractor, ids.fridge]);
    expect(body.nextCursor).toBeNull();
    const plumber = body.posts[1];
    expect(plumber).toMatchObject({
      id: ids.plumber,
      userName: 'Tatenda Sibanda',
      Product: null,
      Service: { id: ids.plumber, postId: ids.plumber, type: 'service', rate: '20', userId: seller.id },
      cover: null,
    });
    expect(plumber?.publishedAt).toBe(at(30).toISOString());
  });

  it('never lists an unpublished post, even to its owner', async () => {
    clearFeedCache(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/posts', headers: { cookie: seller.cookie } });
    expect(idsOf(res.json().posts)).not.toContain(ids.hidden);
    expect(idsOf((await list('?search=secret')).body.posts)).toEqual([]);
  });

  it('includes each post cover', async () => {
    await insertImage(t, ids.fridge as number, 1, 'back');
    await insertImage(t, ids.fridge as number, 0, 'front');
    const fridge = (await list()).body.posts.find((p) => p.id === ids.fridge);
    expect(fridge?.cover?.thumbUrl).toBe(`/media/posts/${ids.fridge}/front-thumb.webp`);
  });
});

describe('search', () => {
  it.each([
    ['by name', 'tractor', ['tractor']],
    ['by details', 'geysers', ['plumber']],
    ['by city', 'bulawayo', ['plumber']],
    ['by location (suburb)', 'avondale', ['fridge']],
    ['by category', 'agriculture', ['maize', 'tractor']],
    ['by a prefix', 'fri', ['fridge']],
    ['case-insensitively', 'SAMSUNG', ['fridge']],
    ['by a plural (stemmed)', 'tractors', ['tractor']],
    ['with words in any order, prefixes too', 'mass tract', ['tractor']],
    ['across fields, all words before some', 'agriculture chinhoyi', ['tractor', 'maize']],
    ['nothing for an unknown word', 'zzzqqq', []],
  ])('finds posts %s', async (_how, search, expected) => {
    const { status, body } = await list(`?search=${encodeURIComponent(search)}`);
    expect(status).toBe(200);
    expect(idsOf(body.posts)).toEqual(expected.map((key) => ids[key]));
  });

  it.each([
    "'; drop table posts; --",
    'abc & | ! :* (',
    '\\',
    "fridge' OR 1=1 --",
    ')))((( <-> !!! ::',
    "'",
    '%_*',
    'samsung:* | tractor',
    'ü 😀 中文',
  ])('treats %s as plain text (200, never 5xx)', async (search) => {
    const { status, body } = await list(`?search=${encodeURIComponent(search)}`);
    expect(status).toBe(200);
    expect(Array.isArray(body.posts)).toBe(true);
  });

  it('reads tsquery operators as words: "samsung | tractor" ranks, the newest order needs both words', async () => {
    const search = encodeURIComponent('samsung | tractor');
    expect(idsOf((await list(`?search=${search}&sort=newest`)).body.posts)).toEqual([]);
    expect(idsOf((await list('?search=maize%20seed&sort=newest')).body.posts)).toEqual([ids.maize]);
  });

  it('returns the whole feed when the search holds no words', async () => {
    expect((await list('?search=%20%26%20')).body.posts).toHaveLength(4);
    expect((await list('?search=')).body.posts).toHaveLength(4);
  });

  it('answers 400 for an overlong search', async () => {
    expect((await list(`?search=${'a'.repeat(201)}`)).status).toBe(400);
  });

  it('answers 400 for a control character in the search', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/posts?search=fridge%00' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.search).toBe('Search contains characters that are not allowed');
  });

  it('leaves the data alone whatever the input', async () => {
    await list(`?search=${encodeURIComponent("'; drop table posts; --")}`);
    const [row] = await selectRows<{ n: number }>(t, sql`select count(*)::int as n from posts`);
    expect(row?.n).toBe(5);
  });
});

describe('filters', () => {
  it.each([
    ['?type=product', ['maize', 'tractor', 'fridge']],
    ['?type=service', ['plumber']],
    ['?category=Agriculture', ['maize', 'tractor']],
    ['?city=Harare', ['fridge']],
    ['?sell_or_buy=Buy', ['tractor']],
    ['?sell_or_buy=Sell&category=Agriculture', ['maize']],
    ['?type=product&city=Bulawayo', []],
    ['?search=seed&category=Agriculture&city=Mutare', ['maize']],
    ['?type=&category=&city=&sell_or_buy=', ['maize', 'plumber', 'tractor', 'fridge']],
  ])('%s', async (query, expected) => {
    const { status, body } = await list(query);
    expect(status).toBe(200);
    expect(idsOf(body.posts)).toEqual(expected.map((key) => ids[key]));
  });

  it.each([
    ['?type=Product', 'type'],
    ['?type=car', 'type'],
    ['?category=Cars', 'category'],
    ['?city=London', 'city'],
    ['?sell_or_buy=Rent', 'sell_or_buy'],
    ['?cursor=not-a-cursor!', 'cursor'],
    [`?cursor=${Buffer.from('yesterday_12').toString('base64url')}`, 'cursor'],
  ])('answers 400 for %s', async (query, field) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body).toHaveProperty(['errors', field]);
  });
});

describe('paging', () => {
  it('visits every published post once, in order, while posts are published during the walk', async () => {
    const fresh = await createTestApp();
    try {
      const user = await createUser(fresh.app);
      const rows = await insertPosts(
        fresh,
        user.id,
        Array.from({ length: 40 }, (_, i) => ({
          type: i % 3 === 0 ? ('service' as const) : ('product' as const),
          isPublished: i % 7 !== 3,
          publishedAt: i % 7 === 3 ? null : at(Math.floor(i / 4)),
        })),
      );
      // Microsecond-apart times within one millisecond: the cursor must keep them apart.
      await fresh.database.db.execute(
        sql`update posts set published_at = published_at + (id % 4) * interval '1 microsecond' where is_published`,
      );
      // JavaScript dates hold milliseconds only, so the expected order comes from the database itself.
      const ordered = await selectRows<{ id: number }>(
        fresh,
        sql`select id from posts where is_published order by published_at desc, id desc`,
      );
      const expected = ordered.map((r) => r.id);
      expect(expected.length).toBe(rows.filter((r) => r.isPublished).length);
      expect(expected).not.toEqual(feedOrder(rows.filter((r) => r.isPublished)));

      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `?cursor=${cursor}` : '';
        const res = await fresh.app.inject({ method: 'GET', url: `/api/posts${query}` });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.posts.length).toBeLessThanOrEqual(12);
        seen.push(...idsOf(body.posts));
        cursor = body.nextCursor;
        await insertPost(fresh, user.id, { name: 'Published during the walk' });
      } while (cursor);
      expect(seen).toEqual(expected);
    } finally {
      await fresh.close();
    }
  });

  it('pages through search results with the same cursor', async () => {
    const fresh = await createTestApp();
    try {
      const user = await createUser(fresh.app);
      await insertPosts(fresh, user.id, [
        ...Array.from({ length: 15 }, (_, i) => ({ name: `Solar panel ${i}`, publishedAt: at(i) })),
        ...Array.from({ length: 5 }, (_, i) => ({ name: `Bicycle ${i}`, publishedAt: at(i) })),
      ]);
      const first = (await fresh.app.inject({ method: 'GET', url: '/api/posts?search=solar' })).json();
      expect(first.posts).toHaveLength(12);
      const url = `/api/posts?search=solar&cursor=${first.nextCursor}`;
      const second = (await fresh.app.inject({ method: 'GET', url })).json();
      expect(second.posts).toHaveLength(3);
      expect(second.nextCursor).toBeNull();
      const names = [...first.posts, ...second.posts].map((p: PostWrapper) => p.Product?.name);
      expect(names).toEqual(Array.from({ length: 15 }, (_, i) => `Solar panel ${14 - i}`));
    } finally {
      await fresh.close();
    }
  });
});
