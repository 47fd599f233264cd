// Posts for the component tests (feed and post-detail), in the API's shapes.
import type { ImageDto, PostDetail, PostWrapper } from '../../shared/api-types';

export const image = (id: number): ImageDto => ({
  id,
  url: `/media/posts/7/${id}-full.webp`,
  thumbUrl: `/media/posts/7/${id}-thumb.webp`,
  mediumUrl: `/media/posts/7/${id}-medium.webp`,
  width: 1600,
  height: 1200,
});

export function product(overrides: Partial<PostWrapper> = {}): PostWrapper {
  return {
    id: 7,
    createdAt: '2026-11-20T08:00:00.000Z',
    publishedAt: '2026-11-20T09:00:00.000Z',
    userName: 'Tendai Moyo',
    phoneNumber: '077 123 4567',
    Product: {
      id: 7,
      postId: 7,
      name: 'Samsung fridge 300L',
      category: 'Home and Kitchen',
      price: '250',
      paymentMethods: 'EcoCash, Cash (USD)',
      details: 'Like new.\n\nCollect in Avondale.',
      city: 'Harare',
      location: 'Avondale',
      sell_or_buy: 'Sell',
      isPublished: true,
      userId: 3,
      type: 'product',
      moderation: 'visible',
      status: 'available',
      currency: 'USD',
    },
    Service: null,
    cover: image(1),
    safetyWarning: null,
    ...overrides,
  };
}

export const detail = (overrides: Partial<PostDetail> = {}): PostDetail => ({
  ...product(),
  images: [image(1), image(2), image(3)],
  memberSince: '2025-03-14T10:00:00.000Z',
  expired: false,
  ...overrides,
});

export function service(overrides: Partial<PostWrapper> = {}): PostWrapper {
  const { price: _, ...item } = product().Product ?? ({} as never);
  return product({
    Product: null,
    Service: { ...item, type: 'service', rate: '15' },
    cover: null,
    ...overrides,
  });
}
