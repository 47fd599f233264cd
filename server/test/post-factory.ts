// Inserts posts straight into the database for tests of features that read them (feeds, likes,
// comments, views). Tests of creating posts go through the API instead.
import type { Currency, PostType, SellOrBuy } from '../../shared/catalog';
import { posts } from '../db/schema';
import type { TestApp } from './harness';

export interface PostOverrides {
  type?: PostType;
  sellOrBuy?: SellOrBuy;
  name?: string;
  category?: string;
  price?: string;
  currency?: Currency;
  paymentMethods?: string;
  details?: string;
  city?: string;
  location?: string;
  isPublished?: boolean;
  publishedAt?: Date | null;
}

export async function insertPost(t: TestApp, userId: number, overrides: PostOverrides = {}) {
  const isPublished = overrides.isPublished ?? true;
  const [row] = await t.database.db
    .insert(posts)
    .values({
      userId,
      type: overrides.type ?? 'product',
      sellOrBuy: overrides.sellOrBuy ?? 'Sell',
      name: overrides.name ?? 'Samsung fridge, 300 litres',
      category: overrides.category ?? 'Home and Kitchen',
      price: overrides.price ?? '250',
      currency: overrides.currency ?? 'USD',
      paymentMethods: overrides.paymentMethods ?? 'Cash, EcoCash',
      details: overrides.details ?? 'Works well, collection only.',
      city: overrides.city ?? 'Harare',
      location: overrides.location ?? 'Avondale',
      isPublished,
      publishedAt:
        overrides.publishedAt !== undefined ? overrides.publishedAt : isPublished ? new Date() : null,
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}
