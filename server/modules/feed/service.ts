// Feed rules: keyset pages of publicly listed posts (rolling feed by type, the /home list with search
// and filters). Pages fetch one row more than they show to know whether more exist.
import type { PostWrapper, RollingFeedItem } from '../../../shared/api-types';
import { LIMITS, type PostType } from '../../../shared/catalog';
import { FEED_FILTER_KEYS, type FeedRequest, isPriceSort } from '../../../shared/feed-filter';
import { MSG } from '../../../shared/messages';
import { isShortSearch, searchWords } from '../../../shared/search-words';
import {
  decodeCursor,
  decodePriceCursor,
  decodeRankCursor,
  encodeCursor,
  encodePriceCursor,
  encodeRankCursor,
} from '../../db/keyset';
import type { Deps } from '../../deps';
import { badRequest } from '../../errors';
import { listingCutoff, presentImage, presentPost, presentRollingItem } from '../posts';
import { listRanked, type RankedQuery } from './ranked';
import { type FeedQuery, type FeedRow, listPublished } from './repo';
import { everyWord, planFromWords, type SearchPlan } from './search';
import { correctTypos } from './typos';

/** The position in a client's cursor (read by `decode`, one per order), or a 400 naming its field. */
function positionIn<P>(decode: (cursor: string) => P | undefined, cursor: string, field: string): P {
  const position = decode(cursor);
  if (!position) throw badRequest(MSG.errors.invalidInput, { [field]: MSG.errors.invalidInput });
  return position;
}

/** What reading a feed needs: the database, and the clock and settings that say which posts expired. */
type FeedDeps = Pick<Deps, 'database' | 'clock' | 'config'>;

/** The cursor of the page after `row`, in the order the page was read in. */
const cursorAfter = (row: FeedRow, order: FeedQuery['order']) =>
  order === 'price' && row.priceAmount !== null
    ? encodePriceCursor({ amount: row.priceAmount, id: row.id })
    : encodeCursor({ at: row.position, id: row.id });

interface Page {
  rows: FeedRow[];
  cursor: string | null;
}

/** The first `size` of `rows` (read with one more, to know whether more exist) and the next cursor. */
function cutPage<R extends FeedRow>(rows: R[], size: number, cursorOf: (last: R) => string): Page {
  const shown = rows.slice(0, size);
  const last = shown.at(-1);
  return { rows: shown, cursor: rows.length > size && last ? cursorOf(last) : null };
}

async function page(deps: FeedDeps, query: Omit<FeedQuery, 'limit' | 'cutoff'>, size: number): Promise<Page> {
  const rows = await listPublished(deps.database.db, {
    ...query,
    cutoff: listingCutoff(deps),
    limit: size + 1,
  });
  return cutPage(rows, size, (last) => cursorAfter(last, query.order));
}

const coverOf = (row: FeedRow) => (row.cover ? presentImage(row.cover) : null);
const toRollingItem = (row: FeedRow): RollingFeedItem => presentRollingItem(row, coverOf(row));
const toWrapper = (row: FeedRow): PostWrapper => presentPost(row, coverOf(row));

/** The newest products and the newest services, merged newest first, with a cursor per type. */
export async function firstPayload(deps: Deps) {
  const size = LIMITS.firstPayloadPerType;
  const [products, services] = await Promise.all([
    page(deps, { type: 'product' }, size),
    page(deps, { type: 'service' }, size),
  ]);
  // Positions are fixed-width UTC text, so comparing the strings compares the times.
  const merged = [...products.rows, ...services.rows].sort((a, b) =>
    a.position === b.position ? b.id - a.id : a.position < b.position ? 1 : -1,
  );
  return {
    posts: merged.map(toRollingItem),
    productCursor: products.cursor,
    serviceCursor: services.cursor,
  };
}

/**
 * The next rolling-feed page of one type after `cursor`. No cursor starts from the newest post; the
 * null cursor, or the text 'null' (what a form sends for an exhausted type), is an empty, final page.
 */
export async function rollingPage(
  deps: Deps,
  type: PostType,
  cursor: string | null | undefined,
  field: string,
) {
  if (cursor === null || cursor === 'null') return { posts: [], cursor: null };
  const after = cursor ? positionIn(decodeCursor, cursor, field) : undefined;
  const result = await page(deps, { type, after }, LIMITS.rollingPageSize);
  return { posts: result.rows.map(toRollingItem), cursor: result.cursor };
}

/**
 * The cache key of a /home request (infra/read-cache.ts): every request that reads the same page has the same
 * key, whatever the letter case and punctuation of its search or the order of its parameters.
 */
export const feedKey = (filter: FeedRequest, cursor?: string) =>
  [
    'posts',
    ...FEED_FILTER_KEYS.map((name) =>
      name === 'search' ? searchWords(filter.search ?? '').join(' ') : (filter[name] ?? ''),
    ),
    cursor ?? '',
  ].join('|');

type ListFilter = Pick<FeedQuery, 'type' | 'category' | 'city' | 'sellOrBuy' | 'currency'>;

/** A search's page, best match first (decision 027), with the cursor of the next. */
async function rankedPage(deps: FeedDeps, query: Omit<RankedQuery, 'limit' | 'cutoff'>): Promise<Page> {
  const size = LIMITS.postsPageSize;
  const rows = await listRanked(deps.database.db, { ...query, cutoff: listingCutoff(deps), limit: size + 1 });
  return cutPage(rows, size, (last) =>
    encodeRankCursor({ score: last.score, at: last.position, id: last.id }),
  );
}

/** What a search of `words` reads: each typo corrected (typos.ts). */
async function searchPlan(deps: FeedDeps, words: string[]) {
  const corrected = await correctTypos(deps.database.db, words, listingCutoff(deps));
  return { plan: planFromWords(corrected ?? words) as SearchPlan, corrected };
}

/**
 * The /home list: published posts newest first, narrowed by search and filters. A search lists the
 * best match first (decision 027) unless `sort` asks for the newest (or cheapest) first, when every word
 * must match. `sort=price_asc` lists cheapest first within the filter's currency (required: amounts in
 * two currencies do not compare), only posts whose price starts with a number; decision 021.
 */
export async function listPosts(deps: Deps, filter: FeedRequest, cursor?: string) {
  const byPrice = isPriceSort(filter);
  if (byPrice && !filter.currency)
    throw badRequest(MSG.feed.priceSortNeedsCurrency, { currency: MSG.feed.priceSortNeedsCurrency });
  if (filter.search && isShortSearch(filter.search))
    throw badRequest(MSG.feed.searchTooShort, { search: MSG.feed.searchTooShort });
  const words = searchWords(filter.search ?? '');
  // The cursor is read before any search work: a bad one costs nothing but its 400.
  const ranked = words.length > 0 && !byPrice && filter.sort !== 'newest';
  const afterRank = cursor && ranked ? positionIn(decodeRankCursor, cursor, 'cursor') : undefined;
  const after = cursor && !ranked && !byPrice ? positionIn(decodeCursor, cursor, 'cursor') : undefined;
  const afterPrice = cursor && byPrice ? positionIn(decodePriceCursor, cursor, 'cursor') : undefined;
  const search = words.length > 0 ? await searchPlan(deps, words) : null;
  const filters: ListFilter = {
    type: filter.type || undefined,
    category: filter.category || undefined,
    city: filter.city || undefined,
    sellOrBuy: filter.sell_or_buy || undefined,
    currency: filter.currency || undefined,
  };
  let result: Page;
  if (search && ranked) {
    result = await rankedPage(deps, { ...filters, plan: search.plan, afterRank });
  } else {
    const query: Omit<FeedQuery, 'limit' | 'cutoff'> = {
      ...filters,
      matches: search ? everyWord(search.plan) : undefined,
      after,
      order: byPrice ? 'price' : 'newest',
      afterPrice,
    };
    result = await page(deps, query, LIMITS.postsPageSize);
  }
  const corrected = search?.corrected && result.rows.length > 0 ? search.corrected.join(' ') : undefined;
  return {
    posts: result.rows.map(toWrapper),
    nextCursor: result.cursor,
    ...(corrected ? { correctedSearch: corrected } : {}),
  };
}

/** One seller's listed posts, newest first, in pages of the /home list's size (their seller page). */
export async function listSellerPosts(deps: FeedDeps, userId: number, cursor?: string) {
  const after = cursor ? positionIn(decodeCursor, cursor, 'cursor') : undefined;
  const result = await page(deps, { userId, after }, LIMITS.postsPageSize);
  return { posts: result.rows.map(toWrapper), nextCursor: result.cursor };
}
