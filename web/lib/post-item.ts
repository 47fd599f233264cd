// A post as the API sends it (a wrapper with exactly one of Product and Service) read the same way by
// every screen: its item, its price line and its type's label.
import type { ItemDto, PostWrapper } from '../../shared/api-types';
import type { PostType } from '../../shared/catalog';
import { formatPrice } from '../../shared/format';

/** The Product or Service of a wrapper; throws when the wrapper has neither (a malformed answer). */
export function itemOf(post: PostWrapper): ItemDto {
  const item = post.Product ?? post.Service;
  if (!item) throw new Error(`Post ${post.id} has neither a Product nor a Service`);
  return item;
}

/** '$250 per item' or '$15 per hour'. */
export const priceOf = (item: ItemDto) =>
  item.type === 'product'
    ? formatPrice(item.price, 'product', item.currency)
    : formatPrice(item.rate, 'service', item.currency);

export const typeLabel = (type: PostType) => (type === 'product' ? 'Product' : 'Service');
