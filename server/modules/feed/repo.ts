// SQL for reading posts: keyset pages of publicly listed posts (with author and cover in the same
// query), and one post with its author. Every function takes an executor (database or transaction).
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Category, City, Currency, PostType, SellOrBuy } from '../../../shared/catalog';
import type { Executor } from '../../db/client';
import { type KeysetPosition, olderThan, type PricePosition, positionOf, pricierThan } from '../../db/keyset';
import { PLANNED_PER_CALL } from '../../db/planning';
import { postRowColumns as postColumns, posts, users } from '../../db/schema';
import { statementCache } from '../../db/statement-cache';
import { coverColumns, coverOfPost, postVisibility, shownPhone } from '../posts';

export interface FeedQuery {
  type?: PostType;
  category?: Category;
  city?: City;
  sellOrBuy?: SellOrBuy;
  currency?: Currency;
  /** One seller's posts only (their seller page). */
  userId?: number;
  /** A search's condition from search.ts (everyWord: never raw user input); the query is then not prepared. */
  matches?: SQL;
  /** Only posts strictly after this position in the newest-first order. */
  after?: KeysetPosition;
  /** Posts published before this have expired (posts/expiry.ts listingCutoff). */
  cutoff: Date;
  /**
   * 'price': cheapest first (posts.price_amount, then id), only posts whose price starts with a number.
   * Amounts compare within one currency, so give `currency` too (the price index leads with it).
   */
  order?: 'newest' | 'price';
  /** Only posts strictly after this position in the price order. */
  afterPrice?: PricePosition;
  limit: number;
}

// Must match posts_feed_idx / posts_type_feed_idx exactly, or PostgreSQL sorts instead of walking the index.
export const newestFirst = [sql`${posts.publishedAt} desc nulls last`, sql`${posts.id} desc nulls last`];
// Must match posts_price_feed_idx (currency, price_amount, id) the same way.
const cheapestFirst = [sql`${posts.priceAmount} asc`, sql`${posts.id} asc`];

/** Which optional conditions a query has: one prepared statement per combination. */
export const shapeOf = (q: Partial<FeedQuery> & { afterRank?: unknown }) =>
  [
    q.type,
    q.category,
    q.city,
    q.sellOrBuy,
    q.currency,
    q.userId,
    q.matches,
    q.after ?? q.afterRank,
    q.afterPrice,
  ]
    .map((v) => (v === undefined ? 0 : 1))
    .join('') + (q.order === 'price' ? 'p' : '');

const FILTER_COLUMNS = {
  type: posts.type,
  category: posts.category,
  city: posts.city,
  sellOrBuy: posts.sellOrBuy,
  currency: posts.currency,
} as const;

/** The /home filters that `q` sets, each bound to the placeholder of its own name. */
export const filterConditions = (q: Pick<FeedQuery, keyof typeof FILTER_COLUMNS>) =>
  Object.entries(FILTER_COLUMNS)
    .filter(([name]) => q[name as keyof typeof FILTER_COLUMNS])
    .map(([name, column]) => eq(column, sql.placeholder(name)));

/** The values of the filters' placeholders. */
export const filterValues = (q: Pick<FeedQuery, keyof typeof FILTER_COLUMNS>) => ({
  type: q.type,
  category: q.category,
  city: q.city,
  sellOrBuy: q.sellOrBuy,
  currency: q.currency,
});

/**
 * What a feed card shows of a post: its fields, its author's name and the phone they show (posts/contact.ts),
 * its cover, and its cursor position. The ranked search selects these too.
 */
export const cardColumns = (cover: ReturnType<typeof coverOfPost>) => ({
  ...postColumns,
  userName: users.name,
  phoneNumber: shownPhone,
  position: positionOf(posts.publishedAt),
  cover: coverColumns(cover),
});

// Built with placeholders, so a shape's SQL text is always the same: drizzle builds it once and
// PostgreSQL (node-postgres named statements) parses and plans it once per connection.
function buildFeedQuery(db: Executor, q: FeedQuery) {
  const cover = coverOfPost(db);

  const where: SQL[] = [postVisibility.listed(sql.placeholder('cutoff')), ...filterConditions(q)];
  if (q.userId !== undefined) where.push(eq(posts.userId, sql.placeholder('userId')));
  if (q.matches) where.push(sql`${posts.searchVector} @@ (${q.matches}) ${sql.raw(PLANNED_PER_CALL)}`);
  if (q.after)
    where.push(
      olderThan(posts.publishedAt, posts.id, {
        at: sql.placeholder('afterTs'),
        id: sql.placeholder('afterId'),
      }),
    );
  const byPrice = q.order === 'price';
  if (byPrice) where.push(isNotNull(posts.priceAmount));
  if (byPrice && q.afterPrice)
    where.push(
      pricierThan(posts.priceAmount, posts.id, {
        amount: sql.placeholder('afterAmount'),
        id: sql.placeholder('afterPriceId'),
      }),
    );

  return db
    .select(cardColumns(cover))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoinLateral(cover, sql`true`)
    .where(and(...where))
    .orderBy(...(byPrice ? cheapestFirst : newestFirst))
    .limit(sql.placeholder('limit'));
}

/** One named statement per shape: 9 optional parts and two orders make at most 1,024. */
const feedStatements = statementCache<ReturnType<ReturnType<typeof buildFeedQuery>['prepare']>>(1024);

/** Publicly listed posts, newest (or cheapest) first, each with its author's contact and its cover (first image). */
export async function listPublished(db: Executor, q: FeedQuery) {
  const params = {
    ...filterValues(q),
    userId: q.userId,
    afterTs: q.after?.at,
    afterId: q.after?.id,
    cutoff: q.cutoff,
    afterAmount: q.afterPrice?.amount,
    afterPriceId: q.afterPrice?.id,
    limit: q.limit,
  };
  // A search is planned for its own words every time: how common a word is decides between walking
  // the feed index and reading the GIN index, and a generic plan would fix one choice for all words.
  if (q.matches) return buildFeedQuery(db, q).execute(params);
  const shape = shapeOf(q);
  return feedStatements(db, shape, () => buildFeedQuery(db, q).prepare(`feed_page_${shape}`)).execute(params);
}

export type FeedRow = Awaited<ReturnType<typeof listPublished>>[number];
