// One shape for what a card shows, whether the post came from /api/posts (the wrapper, with a nested
// Product or Service) or from the rolling feed (the spec's flat item with type 'Product'|'Service').
import type { ImageDto, ItemDto, PostWrapper, RollingFeedItem } from '../../../shared/api-types';
import type { PostType } from '../../../shared/catalog';
import { formatPrice } from '../../../shared/format';

export interface Listing {
  postId: number;
  type: PostType;
  name: string;
  /** '$250 per item' or '$15 per hour'. */
  price: string;
  category: string;
  city?: string;
  sellOrBuy: string;
  /** When it appeared in the feed (published), else created. */
  date: string;
  cover: ImageDto | null;
}

/** The Product or Service of a wrapper (exactly one is set). */
export function itemOf(post: PostWrapper): ItemDto {
  const item = post.Product ?? post.Service;
  if (!item) throw new Error(`Post ${post.id} has neither a Product nor a Service`);
  return item;
}

export const priceOf = (item: ItemDto) =>
  item.type === 'product' ? formatPrice(item.price, 'product') : formatPrice(item.rate, 'service');

export const typeLabel = (type: PostType) => (type === 'product' ? 'Product' : 'Service');

export function listingFromPost(post: PostWrapper): Listing {
  const item = itemOf(post);
  return {
    postId: post.id,
    type: item.type,
    name: item.name,
    price: priceOf(item),
    category: item.category,
    city: item.city,
    sellOrBuy: item.sell_or_buy,
    date: post.publishedAt ?? post.createdAt,
    cover: post.cover,
  };
}

export function listingFromRollingItem(item: RollingFeedItem): Listing {
  const type: PostType = item.type === 'Product' ? 'product' : 'service';
  return {
    postId: item.postId,
    type,
    name: item.name,
    price: formatPrice((type === 'product' ? item.price : item.rate) ?? '', type),
    category: item.category,
    sellOrBuy: item.sell_or_buy,
    date: item.createdAt,
    cover: item.cover,
  };
}
