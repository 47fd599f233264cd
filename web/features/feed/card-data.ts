// One shape for what a feed card shows, whether the post came from /api/posts (the wrapper, with a
// nested Product or Service) or from the rolling feed (the spec's flat item with type 'Product'|'Service').
import type { ImageDto, PostWrapper, RollingFeedItem } from '../../../shared/api-types';
import type { PostType } from '../../../shared/catalog';
import { formatPrice } from '../../../shared/format';
import type { PostStatus } from '../../../shared/post-status';
import { itemOf, priceOf } from '../../lib/post-item';

export interface FeedCardData {
  postId: number;
  type: PostType;
  name: string;
  /** '$250 per item' or '$15 per hour'. */
  price: string;
  category: string;
  city: string;
  sellOrBuy: string;
  /** When it appeared in the feed (published), else created. */
  date: string;
  cover: ImageDto | null;
  /** The server's caution when the text looks like a known scam (issue 11), else null. */
  safetyWarning: string | null;
  /** 'reserved' shows a badge (issue 14). */
  status: PostStatus;
}

export function cardFromPost(post: PostWrapper): FeedCardData {
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
    safetyWarning: post.safetyWarning,
    status: item.status,
  };
}

export function cardFromRollingItem(item: RollingFeedItem): FeedCardData {
  const type: PostType = item.type === 'Product' ? 'product' : 'service';
  return {
    postId: item.postId,
    type,
    name: item.name,
    price: formatPrice((type === 'product' ? item.price : item.rate) ?? '', type, item.currency),
    category: item.category,
    city: item.city,
    sellOrBuy: item.sell_or_buy,
    // An answer the service worker kept from before publishedAt existed has only createdAt.
    date: item.publishedAt ?? item.createdAt,
    cover: item.cover,
    safetyWarning: item.safetyWarning,
    status: item.status,
  };
}
