import { describe, expect, it } from 'vitest';
import type { RollingFeedItem } from '../../../shared/api-types';
import { mergeNewestFirst, uniquePosts } from './merge';

const item = (
  postId: number,
  publishedAt: string,
  type: 'Product' | 'Service' = 'Product',
  createdAt = '2025-12-01T00:00:00Z',
): RollingFeedItem => ({
  type,
  id: postId,
  postId,
  name: `Post ${postId}`,
  category: 'Other',
  price: '1',
  paymentMethods: 'Cash',
  sell_or_buy: 'Sell',
  details: '',
  city: 'Harare',
  status: 'available',
  currency: 'USD',
  isPublished: true,
  createdAt,
  publishedAt,
  userName: 'A',
  phoneNumber: '',
  cover: null,
  safetyWarning: null,
});

describe('mergeNewestFirst', () => {
  it('interleaves products and services by time, newest first; ties by the higher id', () => {
    const products = [item(5, '2026-01-05T00:00:00Z'), item(1, '2026-01-01T00:00:00Z')];
    const services = [item(6, '2026-01-03T00:00:00Z', 'Service'), item(7, '2026-01-01T00:00:00Z', 'Service')];
    expect(mergeNewestFirst(products, services).map((p) => p.postId)).toEqual([5, 6, 7, 1]);
  });

  it('orders by publication, as the server does, not by creation (issue 34)', () => {
    const early = item(1, '2026-01-05T10:30:00Z', 'Product', '2026-01-01T00:00:00Z');
    const late = item(2, '2026-01-05T10:00:00Z', 'Service', '2026-01-05T09:59:00Z');
    expect(mergeNewestFirst([early], [late]).map((p) => p.postId)).toEqual([1, 2]);
  });
});

describe('uniquePosts', () => {
  it('keeps page order and shows a post that reached two pages once', () => {
    const pages = [
      { posts: [item(9, '2026-01-09T00:00:00Z'), item(8, '2026-01-08T00:00:00Z')] },
      { posts: [item(8, '2026-01-08T00:00:00Z'), item(3, '2026-01-03T00:00:00Z')] },
    ];
    expect(uniquePosts(pages).map((p) => p.postId)).toEqual([9, 8, 3]);
  });
});
