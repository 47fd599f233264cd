// The /home list's search and filters, kept in the URL query string so a filtered view can be shared
// and survives a reload. What a filter is (its keys, values and the reading of a pasted link) is
// shared/feed-filter.ts, the server's definition too; these are the web's helpers built on it.
import type { Sent } from '../../../shared/contract';
import { FEED_FILTER_KEYS, type FeedFilter, PRICE_SORT_CURRENCY } from '../../../shared/feed-filter';

/**
 * `params` with the filter written in (empty ones removed); other parameters (the open post) are kept.
 * A new object: React Router's setSearchParams compares by value.
 */
export function withFilters(params: URLSearchParams, filter: Partial<FeedFilter>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FEED_FILTER_KEYS) {
    if (!(key in filter)) continue;
    const value = key === 'search' ? (filter.search ?? '').trim() : (filter[key] ?? '');
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/**
 * The GET /api/posts query for `filter` and an optional cursor, in the filter's own order (the client
 * leaves out what is empty), so one list always has one URL.
 */
export function postsQuery(filter: FeedFilter, cursor?: string | null): Sent<'posts', 'query'> {
  const query: Record<string, string> = {};
  for (const key of FEED_FILTER_KEYS) query[key] = key === 'search' ? filter.search.trim() : filter[key];
  return { ...query, cursor: cursor ?? undefined };
}

/** The filters behind the 'Filters' toggle that are set (type and search are always in view). */
export const activeFilterCount = (filter: FeedFilter) =>
  [filter.sort, filter.category, filter.city, filter.sell_or_buy, filter.currency].filter(Boolean).length;

/**
 * The change for choosing an order: prices compare within one currency, so the price order without a
 * currency chosen picks PRICE_SORT_CURRENCY too (in view, and in the URL, so the link shares it).
 */
export const sortChange = (filter: FeedFilter, sort: FeedFilter['sort']): Partial<FeedFilter> =>
  sort === 'price_asc' && !filter.currency ? { sort, currency: PRICE_SORT_CURRENCY } : { sort };

export const hasAnyFilter = (filter: FeedFilter) => FEED_FILTER_KEYS.some((key) => filter[key] !== '');
