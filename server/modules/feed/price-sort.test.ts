// GET /api/posts?sort=price_asc (issue 14, decision 021): cheapest first within one currency, among
// listed posts whose price starts with a number, paged on (price_amount, id) with cursors of its own.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostWrapper } from '../../../shared/api-types';
import { MSG } from '../../../shared/messages';
import { encodeCursor, encodePriceCursor } from '../../db/keyset';
import { posts } from '../../db/schema';
import { createUser, type TestUser } from '../../test/factories';
import { at, clearFeedCache, selectRows } from '../../test/feed-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertPost, type PostOverrides } from '../../test/post-factory';
import { feedKey } from './service';

let t: TestApp;
let seller: TestUser;
const ids: Record<string, number> = {};

// Published oldest first in this order, so newest-first and cheapest-first disagree.
const named: Record<string, PostOverrides> = {
  fifteenHundred: { price: '$1,500', name: 'Samsung fridge 300L' },
  twoFifty: { price: '250', name: 'Hisense fridge' },
  cents: { price: '25.50', name: 'Kettle' },
  perBag: { price: '50 per bag', name: 'Maize seed', category: 'Agriculture', city: 'Mutare' },
  negotiable: { price: 'Negotiable', name: 'Chest freezer' },
  callMe: { price: 'Call for price', name: 'Fridge repairs' },
  free: { price: '0', name: 'Old fridge, free to collect' },
  twenty: { price: '$ 20', name: 'Fridge magnet set' },
  spaced: { price: '1 200', name: 'LG fridge', city: 'Bulawayo' },
  zigBig: { price: 'ZiG 5000', currency: 'ZiG', name: 'Fridge (ZiG)' },
  zigSmall: { price: '650', currency: 'ZiG', name: 'Maize meal 10kg' },
  zigWords: { price: 'Ask', currency: 'ZiG', name: 'Freezer (ZiG)' },
  dollarsOnZig: { price: '$30', currency: 'ZiG', name: 'Dollar sign on a ZiG post' },
  draft: { price: '1', isPublished: false, publishedAt: null, name: 'Cheap draft fridge' },
  sold: { price: '2', name: 'Sold fridge' },
  service: { type: 'service', price: '15', name: 'Fridge gas refill', category: 'Tools and Hardware' },
};

beforeAll(async () => {
  t = await createTestApp();
  seller = await createUser(t.app, { name: 'Rudo Moyo' });
  for (const [i, [key, overrides]] of Object.entries(named).entries())
    ids[key] = (await insertPost(t, seller.id, { publishedAt: at(i * 10), ...overrides })).id;
  await t.database.db
    .update(posts)
    .set({ status: 'sold' })
    .where(eq(posts.id, ids.sold as number));
});
afterAll(() => t.close());

type Page = { posts: PostWrapper[]; nextCursor: string | null };
const list = async (app: TestApp, query: string) => {
  clearFeedCache(app);
  const res = await app.app.inject({ method: 'GET', url: `/api/posts${query}` });
  return { status: res.statusCode, body: res.json() as Page & { message?: string; errors?: object } };
};
const keysOf = (page: Page) =>
  page.posts.map((p) => Object.keys(ids).find((key) => ids[key] === p.id) ?? `#${p.id}`);

describe('GET /api/posts?sort=price_asc', () => {
  it('lists USD posts cheapest first, reading the number each price starts with', async () => {
    const { status, body } = await list(t, '?sort=price_asc&currency=USD');
    expect(status).toBe(200);
    expect(keysOf(body)).toEqual([
      'free',
      'service',
      'twenty',
      'cents',
      'perBag',
      'twoFifty',
      'spaced',
      'fifteenHundred',
    ]);
    expect(body.nextCursor).toBeNull();
    // The wrappers are the usual ones: the price as written, nothing added.
    expect(body.posts[2]?.Product).toMatchObject({ price: '$ 20', currency: 'USD' });
  });

  it('leaves out prices in words, drafts and sold posts', async () => {
    const shown = keysOf((await list(t, '?sort=price_asc&currency=USD')).body);
    for (const key of ['negotiable', 'callMe', 'draft', 'sold']) expect(shown).not.toContain(key);
    // Newest first still lists the prices in words.
    expect(keysOf((await list(t, '?currency=USD')).body)).toContain('negotiable');
  });

  it('keeps the currencies apart: ZiG amounts are sorted among themselves', async () => {
    const { body } = await list(t, '?sort=price_asc&currency=ZiG');
    expect(keysOf(body)).toEqual(['zigSmall', 'zigBig']);
  });

  it('combines with search and every filter', async () => {
    expect(keysOf((await list(t, '?sort=price_asc&currency=USD&search=fridge')).body)).toEqual([
      'free',
      'service',
      'twenty',
      'twoFifty',
      'spaced',
      'fifteenHundred',
    ]);
    expect(
      keysOf((await list(t, '?sort=price_asc&currency=USD&search=fridge&type=product&city=Harare')).body),
    ).toEqual(['free', 'twenty', 'twoFifty', 'fifteenHundred']);
    expect(keysOf((await list(t, '?sort=price_asc&currency=USD&category=Agriculture')).body)).toEqual([
      'perBag',
    ]);
    expect(keysOf((await list(t, '?sort=price_asc&currency=USD&sell_or_buy=Buy')).body)).toEqual([]);
    expect(keysOf((await list(t, '?sort=price_asc&currency=ZiG&search=maize')).body)).toEqual(['zigSmall']);
  });

  it('reads sort=newest, sort= and no sort as the default order', async () => {
    const newest = keysOf((await list(t, '?currency=USD')).body);
    expect(newest[0]).toBe('service');
    expect(keysOf((await list(t, '?currency=USD&sort=newest')).body)).toEqual(newest);
    expect(keysOf((await list(t, '?currency=USD&sort=')).body)).toEqual(newest);
  });

  it('is cached under a key of its own', () => {
    expect(feedKey({ sort: 'price_asc', currency: 'USD' })).not.toBe(feedKey({ currency: 'USD' }));
    expect(feedKey({ sort: 'price_asc', currency: 'USD' })).not.toBe(
      feedKey({ sort: 'price_asc', currency: 'ZiG' }),
    );
    expect(feedKey({ sort: 'price_asc', currency: 'USD' }, 'abc')).not.toBe(
      feedKey({ sort: 'price_asc', currency: 'USD' }),
    );
  });
});

describe('refusals', () => {
  it('answers 400 for an unknown sort', async () => {
    for (const sort of ['price_desc', 'cheapest', 'PRICE_ASC', 'price']) {
      const { status, body } = await list(t, `?sort=${sort}&currency=USD`);
      expect(status).toBe(400);
      expect(body).toHaveProperty(['errors', 'sort']);
    }
  });

  it('answers 400 for the price order without a currency, saying what to do', async () => {
    for (const query of ['?sort=price_asc', '?sort=price_asc&currency=', '?sort=price_asc&search=fridge']) {
      const { status, body } = await list(t, query);
      expect(status).toBe(400);
      expect(body.message).toBe(MSG.feed.priceSortNeedsCurrency);
      expect(body.errors).toEqual({ currency: MSG.feed.priceSortNeedsCurrency });
    }
  });

  it('takes no newest-first cursor in the price order, and no price cursor in the newest order', async () => {
    const newestCursor = encodeCursor({ at: '2026-01-10T08:00:30.000000Z', id: ids.cents as number });
    const priceCursor = encodePriceCursor({ amount: '25.50', id: ids.cents as number });
    expect((await list(t, `?sort=price_asc&currency=USD&cursor=${newestCursor}`)).status).toBe(400);
    expect((await list(t, `?currency=USD&cursor=${priceCursor}`)).status).toBe(400);
    expect((await list(t, `?cursor=${priceCursor}`)).body).toHaveProperty(['errors', 'cursor']);
    expect((await list(t, `?sort=price_asc&currency=USD&cursor=${priceCursor}`)).status).toBe(200);
  });

  it.each([
    ['a forged amount', Buffer.from(`price_${'9'.repeat(40)}.00_3`).toString('base64url')],
    ['a negative amount', Buffer.from('price_-5.00_3').toString('base64url')],
    ['an amount without cents', Buffer.from('price_5_3').toString('base64url')],
    ['a zero id', Buffer.from('price_5.00_0').toString('base64url')],
    ['an id past the largest', Buffer.from('price_5.00_99999999999').toString('base64url')],
    ['an extra part', Buffer.from('price_5.00_3_4').toString('base64url')],
    ['not base64url', 'price_5.00_3!'],
  ])('answers 400 for a price cursor with %s', async (_what, cursor) => {
    const { status, body } = await list(
      t,
      `?sort=price_asc&currency=USD&cursor=${encodeURIComponent(cursor)}`,
    );
    expect(status).toBe(400);
    expect(body).toHaveProperty(['errors', 'cursor']);
  });
});

describe('paging in price order', () => {
  it('visits every sortable post once, cheapest first, while posts are published during the walk', async () => {
    const fresh = await createTestApp();
    try {
      const user = await createUser(fresh.app);
      const prices = ['5', '$5', '5.00', 'USD 5', '12.5', '99', '1,000', '7 per kg', 'Swap', '$3', '40'];
      for (let i = 0; i < 45; i += 1)
        await insertPost(fresh, user.id, {
          price: prices[i % prices.length],
          currency: i % 5 === 4 ? 'ZiG' : 'USD',
          isPublished: i % 9 !== 2,
          publishedAt: i % 9 === 2 ? null : at(i),
        });
      const ordered = async () =>
        (
          await selectRows<{ id: number }>(
            fresh,
            sql`select id from posts where is_published and currency = 'USD' and price_amount is not null
                order by price_amount, id`,
          )
        ).map((r) => r.id);
      const before = await ordered();
      expect(before.length).toBeGreaterThan(24);

      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `?sort=price_asc&currency=USD${cursor ? `&cursor=${cursor}` : ''}`;
        const { status, body } = await list(fresh, query);
        expect(status).toBe(200);
        expect(body.posts.length).toBeLessThanOrEqual(12);
        seen.push(...body.posts.map((p) => p.id));
        cursor = body.nextCursor;
        pages += 1;
        // New posts land at both ends of the order and on the amounts the walk is passing.
        if (cursor)
          for (const price of ['1', '5', '40', '5000', 'Negotiable'])
            await insertPost(fresh, user.id, { price, name: 'Published during the walk' });
      } while (cursor);
      expect(pages).toBeGreaterThan(2);

      // No post twice, in the exact database order, every post there at the start included.
      expect(new Set(seen).size).toBe(seen.length);
      const after = await ordered();
      expect(seen).toEqual(after.filter((id) => seen.includes(id)));
      for (const id of before) expect(seen).toContain(id);
      // Posts published behind the walk's position are for the next walk; those ahead of it are met.
      const last = seen.at(-1) as number;
      expect(after.slice(after.indexOf(last) + 1)).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('pages through equal amounts by id, in a search too', async () => {
    const fresh = await createTestApp();
    try {
      const user = await createUser(fresh.app);
      const rows = [];
      for (const price of ['100', '$100', '100.00', 'USD 100', '100 each', '1 00', '99.999'].flatMap((p) => [
        p,
        p,
      ]))
        rows.push(await insertPost(fresh, user.id, { price, name: `Solar panel ${price}` }));
      await insertPost(fresh, user.id, { price: '100', name: 'Bicycle' });
      const walk = async (query: string) => {
        const seen: number[] = [];
        let cursor: string | null = null;
        do {
          const { body } = await list(fresh, `${query}${cursor ? `&cursor=${cursor}` : ''}`);
          seen.push(...body.posts.map((p) => p.id));
          cursor = body.nextCursor;
        } while (cursor);
        return seen;
      };
      // '1 00' is 1 ('00' is not a group of three); '99.999' rounds to 100.00 and ties with the rest.
      const one = rows.filter((r) => r.price === '1 00').map((r) => r.id);
      const hundreds = rows.filter((r) => r.price !== '1 00').map((r) => r.id);
      expect(await walk('?sort=price_asc&currency=USD&search=solar')).toEqual([...one, ...hundreds]);
      expect(await walk('?sort=price_asc&currency=USD')).toHaveLength(15);
    } finally {
      await fresh.close();
    }
  });
});
