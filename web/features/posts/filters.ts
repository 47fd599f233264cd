// The /home list's search and filters, kept in the URL query string so a filtered view can be shared
// and survives a reload. Unknown values in a pasted link are ignored, never sent to the API.
import {
  CATEGORIES,
  type Category,
  CITIES,
  type City,
  POST_TYPES,
  type PostType,
  SELL_OR_BUY,
  type SellOrBuy,
} from '../../../shared/catalog';

export interface PostFilters {
  search: string;
  type: PostType | '';
  category: Category | '';
  city: City | '';
  sell_or_buy: SellOrBuy | '';
}

export const NO_FILTERS: PostFilters = { search: '', type: '', category: '', city: '', sell_or_buy: '' };

/** URL parameter of each filter; the API's names, so a list link reads like the call it makes. */
const KEYS = ['search', 'type', 'category', 'city', 'sell_or_buy'] as const;
/** The longest search the API accepts (its schema says 200). */
export const SEARCH_MAX = 200;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : '';

export function filtersFromParams(params: URLSearchParams): PostFilters {
  return {
    search: (params.get('search') ?? '').slice(0, SEARCH_MAX),
    type: oneOf(POST_TYPES, params.get('type')),
    category: oneOf(CATEGORIES, params.get('category')),
    city: oneOf(CITIES, params.get('city')),
    sell_or_buy: oneOf(SELL_OR_BUY, params.get('sell_or_buy')),
  };
}

/**
 * `params` with the filters written in (empty ones removed); other parameters (the open post) are kept.
 * A new object: React Router's setSearchParams compares by value.
 */
export function withFilters(params: URLSearchParams, filters: Partial<PostFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of KEYS) {
    if (!(key in filters)) continue;
    const value = key === 'search' ? (filters.search ?? '').trim() : (filters[key] ?? '');
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** The GET /api/posts query for `filters` and an optional cursor: only the parameters that are set. */
export function postsQueryString(filters: PostFilters, cursor?: string | null): string {
  const query = withFilters(new URLSearchParams(), filters);
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return text ? `?${text}` : '';
}

export const activeFilterCount = (filters: PostFilters) =>
  [filters.category, filters.city, filters.sell_or_buy].filter(Boolean).length;

export const hasAnyFilter = (filters: PostFilters) => KEYS.some((key) => filters[key] !== '');
