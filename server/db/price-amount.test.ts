// posts.price_amount (db/price-amount.ts): the number a free-text price starts with, computed by the
// database on every write. Runs on PGlite and, with DATABASE_URL, on PostgreSQL: both must read alike.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Currency } from '../../shared/catalog';
import { createUser } from '../test/factories';
import { selectRows } from '../test/feed-helpers';
import { createTestApp, type TestApp } from '../test/harness';
import { insertPost } from '../test/post-factory';
import { posts } from './schema';

let t: TestApp;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  userId = (await createUser(t.app)).id;
});
afterAll(() => t.close());

const amountOf = async (price: string, currency: Currency = 'USD') => {
  const row = await insertPost(t, userId, { price, currency });
  return row.priceAmount;
};

describe('posts.price_amount', () => {
  it.each([
    ['250', 'USD', '250.00'],
    ['$1,500', 'USD', '1500.00'],
    ['$ 20', 'USD', '20.00'],
    ['US$20', 'USD', '20.00'],
    ['usd 30', 'USD', '30.00'],
    ['25.50', 'USD', '25.50'],
    ['25.505', 'USD', '25.51'],
    ['1,500.75', 'USD', '1500.75'],
    ['1 500', 'USD', '1500.00'],
    ['50 per bag', 'USD', '50.00'],
    ['2 for 10', 'USD', '2.00'],
    ['0', 'USD', '0.00'],
    ['00000000000000000007', 'USD', '7.00'],
    ['999999999999', 'USD', '999999999999.00'],
    ['ZiG 5000', 'ZiG', '5000.00'],
    ['ZiG5 000', 'ZiG', '5000.00'],
    ['zwg 1,000,000', 'ZiG', '1000000.00'],
    ['10 000 per month', 'ZiG', '10000.00'],
    ['650', 'ZiG', '650.00'],
  ] as const)('reads %s (%s) as %s', async (price, currency, amount) => {
    expect(await amountOf(price, currency)).toBe(amount);
  });

  it.each([
    ['Negotiable', 'USD'],
    ['From 20', 'USD'],
    ['.5', 'USD'],
    ['-5', 'USD'],
    ['', 'USD'],
    ['ZiG 5000', 'USD'],
    ['$5', 'ZiG'],
    ['1000000000000', 'USD'],
    ['9'.repeat(50), 'USD'],
    [`$1${',000'.repeat(5)}`, 'USD'],
  ] as const)('leaves %s (%s) out of the price order (null)', async (price, currency) => {
    expect(await amountOf(price, currency)).toBeNull();
  });

  it('follows edits of the price and the currency', async () => {
    const row = await insertPost(t, userId, { price: '$40' });
    await t.database.db.update(posts).set({ price: 'ZiG 900', currency: 'ZiG' }).where(eq(posts.id, row.id));
    const [after] = await selectRows<{ amount: string }>(
      t,
      sql`select price_amount::text as amount from posts where id = ${row.id}`,
    );
    expect(after?.amount).toBe('900.00');
  });
});
