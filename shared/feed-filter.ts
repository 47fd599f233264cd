// The /home list's search and filters: one definition for the web (URL state, the GET /api/posts query)
// and the server (the query schema in shared/validation.ts). No zod here: the feed screens stay light.
import {
  CATEGORIES,
  type Category,
  CITIES,
  type City,
  CURRENCIES,
  type Currency,
  POST_TYPES,
  type PostType,
  SELL_OR_BUY,
  type SellOrBuy,
} from './catalog';
import { isShortSearch } from './search-words';

/** Each filter with the values it takes; the keys are the API's query parameter names. */
export const FEED_FILTER_CHOICES = {
  type: POST_TYPES,
  category: CATEGORIES,
  city: CITIES,
  sell_or_buy: SELL_OR_BUY,
  currency: CURRENCIES,
} as const;

/**
 * How the list is ordered. The default ('' in a filter) is the best match first for a search (decision
 * 027) and the newest published first otherwise; 'newest' asks for the newest first while searching too;
 * 'price_asc' is cheapest first within one currency, among posts whose price starts with a number
 * (decision 021).
 */
export const FEED_SORTS = ['newest', 'price_asc'] as const;
export type FeedSort = (typeof FEED_SORTS)[number];

/** Prices compare within one currency: a price order without one (a pasted link) reads as this one. */
export const PRICE_SORT_CURRENCY: Currency = 'USD';

/** The longest search the API accepts. */
export const SEARCH_MAX = 200;

export interface FeedFilter {
  search: string;
  type: PostType | '';
  category: Category | '';
  city: City | '';
  sell_or_buy: SellOrBuy | '';
  currency: Currency | '';
  /** '' is the default order: best match for a search, else newest first. */
  sort: FeedSort | '';
}

export const FEED_FILTER_KEYS = [
  'search',
  'type',
  'category',
  'city',
  'sell_or_buy',
  'currency',
  'sort',
] as const;

export const NO_FILTER: FeedFilter = {
  search: '',
  type: '',
  category: '',
  city: '',
  sell_or_buy: '',
  currency: '',
  sort: '',
};

/** A search too short to run (a pasted link's 'tv') reads as none: the API would refuse it. */
const searchable = (search: string) => (isShortSearch(search) ? '' : search);

const oneOf = <T extends string>(values: readonly T[], value: string | null | undefined): T | '' =>
  value != null && (values as readonly string[]).includes(value) ? (value as T) : '';

/**
 * The filter in query parameters; unknown values (a pasted link) are dropped, never sent on. A price
 * order without a currency takes PRICE_SORT_CURRENCY, so the web never asks for what the API refuses.
 */
export function feedFilterFromParams(params: URLSearchParams): FeedFilter {
  const search = searchable((params.get('search') ?? '').slice(0, SEARCH_MAX));
  const named = oneOf(FEED_SORTS, params.get('sort'));
  // Without a search, the newest first is the default order: it reads as none (not a filter set).
  const sort = named === 'newest' && !search.trim() ? '' : named;
  const currency = oneOf(FEED_FILTER_CHOICES.currency, params.get('currency'));
  return {
    search,
    type: oneOf(FEED_FILTER_CHOICES.type, params.get('type')),
    category: oneOf(FEED_FILTER_CHOICES.category, params.get('category')),
    city: oneOf(FEED_FILTER_CHOICES.city, params.get('city')),
    sell_or_buy: oneOf(FEED_FILTER_CHOICES.sell_or_buy, params.get('sell_or_buy')),
    currency: sort === 'price_asc' && !currency ? PRICE_SORT_CURRENCY : currency,
    sort,
  };
}

/** The filter as GET /api/posts reads it: any part may be absent, and the sort may name 'newest'. */
export type FeedRequest = Partial<Omit<FeedFilter, 'sort'>> & { sort?: FeedSort | '' };

export const isPriceSort = (filter: FeedRequest) => filter.sort === 'price_asc';

/**
 * What /infinite offers of the filter (issue 34): the search and the type. Either set, it shows what
 * GET /api/posts answers for them, as /home would; neither, the rolling feed (first payload, cursors).
 */
export const infiniteFilter = (filter: FeedFilter): FeedFilter => ({
  ...NO_FILTER,
  search: filter.search,
  type: filter.type,
});

export const isRollingFeed = (filter: FeedFilter) => filter.search === '' && filter.type === '';
