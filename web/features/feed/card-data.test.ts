import { describe, expect, it } from 'vitest';
import type { RollingFeedItem } from '../../../shared/api-types';
import { product } from '../../test/post-data';
import { cardFromPost, cardFromRollingItem } from './card-data';

const rollingItem = (overrides: Partial<RollingFeedItem> = {}): RollingFeedItem => ({
  type: 'Service',
  id: 9,
  postId: 9,
  name: 'Plumbing',
  category: 'Other',
  rate: '15',
  paymentMethods: 'Cash',
  sell_or_buy: 'Sell',
  details: '',
  city: 'Bulawayo',
  status: 'available',
  currency: 'USD',
  isPublished: true,
  createdAt: '2026-01-05T00:00:00Z',
  publishedAt: '2026-01-05T00:00:00Z',
  userName: 'A',
  phoneNumber: '',
  cover: null,
  safetyWarning: null,
  ...overrides,
});

describe('feed card data', () => {
  it('a rolling-feed item (/infinite) names its city, as a /home post does', () => {
    expect(cardFromRollingItem(rollingItem())).toMatchObject({
      city: 'Bulawayo',
      category: 'Other',
      price: '$15 per hour',
    });
    expect(cardFromPost(product())).toMatchObject({ city: 'Harare', price: '$250 per item' });
  });

  it('shows the time both feeds are ordered by: when the post was published (issue 34)', () => {
    const item = rollingItem({ createdAt: '2026-01-05T10:00:00Z', publishedAt: '2026-01-05T10:30:00Z' });
    expect(cardFromRollingItem(item).date).toBe('2026-01-05T10:30:00Z');
    const post = product();
    expect(cardFromPost({ ...post, publishedAt: '2026-01-05T10:30:00Z' }).date).toBe('2026-01-05T10:30:00Z');
  });
});
