// SQL for reading posts: keyset pages of publicly listed posts (with author and cover in the same
// query), and one post with its author. Every function takes an executor (database or transaction).
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Category, City, Currency, PostType, SellOrBuy } from '../../../shared/catalog';
import type { Executor } from '../../db/client';
import { type KeysetPosition, olderThan, type PricePosition, positionOf, pricierThan } from '../../db/keyset';
import { postRowColumns as postColumns, posts, users } from '../../db/schema';
import { coverColumns, coverOfPost } from '../posts/cover';
import { postVisibility } from '../posts/policy';

export interface FeedQuery {
  type?: PostType;
  category?: Category;
  city?: City;
  sellOrBuy?: SellOrBuy;
  currency?: Currency;
  /** One seller's posts only (their seller page). */
  userId?: number;
  /** A to_tsquery expression built by toPrefixQuery (never raw user input). */
  tsquery?: string;
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
const newestFirst = [sql`${posts.publishedAt} desc nulls last`, sql`${posts.id} desc nulls last`];
// Must match posts_price_feed_idx (currency, price_amount, id) the same way.
const cheapestFirst = [sql`${posts.priceAmount} asc`, sql`${posts.id} asc`];

/** Which optional conditions a query has: one prepared statement per combination. */
const shapeOf = (q: FeedQuery) =>
  [q.type, q.category, q.city, q.sellOrBuy, q.currency, q.userId, q.tsquery, q.after, q.afterPrice]
    .map((v) => (v === undefined ? 0 : 1))
    .join('') + (q.order === 'price' ? 'p' : '');

// Built with placeholders, so a shape's SQL text is always the same: drizzle builds it once and
// PostgreSQL (node-postgres named statements) parses and plans it once per connection.
function buildFeedQuery(db: Executor, q: FeedQuery) {
  const cover = coverOfPost(db);

  const where: SQL[] = [postVisibility.listed(sql.placeholder('cutoff'))];
  if (q.type) where.push(eq(posts.type, sql.placeholder('type')));
  if (q.category) where.push(eq(posts.category, sql.placeholder('category')));
  if (q.city) where.push(eq(posts.city, sql.placeholder('city')));
  if (q.sellOrBuy) where.push(eq(posts.sellOrBuy, sql.placeholder('sellOrBuy')));
  if (q.currency) where.push(eq(posts.currency, sql.placeholder('currency')));
  if (q.userId !== undefined) where.push(eq(posts.userId, sql.placeholder('userId')));
  if (q.tsquery)
    where.push(sql`${posts.searchVector} @@ to_tsquery('english', ${sql.placeholder('tsquery')})`);
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
    .select({
      ...postColumns,
      userName: users.name,
      phoneNumber: users.phoneNumber,
      position: positionOf(posts.publishedAt),
      cover: coverColumns(cover),
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoinLateral(cover, sql`true`)
    .where(and(...where))
    .orderBy(...(byPrice ? cheapestFirst : newestFirst))
    .limit(sql.placeholder('limit'));
}

type FeedStatement = ReturnType<ReturnType<typeof buildFeedQuery>['prepare']>;
const statements = new WeakMap<Executor, Map<string, FeedStatement>>();

/** Publicly listed posts, newest (or cheapest) first, each with its author's contact and its cover (first image). */
export async function listPublished(db: Executor, q: FeedQuery) {
  const params = {
    type: q.type,
    category: q.category,
    city: q.city,
    sellOrBuy: q.sellOrBuy,
    currency: q.currency,
    userId: q.userId,
    tsquery: q.tsquery,
    afterTs: q.after?.at,
    afterId: q.after?.id,
    cutoff: q.cutoff,
    afterAmount: q.afterPrice?.amount,
    afterPriceId: q.afterPrice?.id,
    limit: q.limit,
  };
  // A search is planned for its own words every time: how common a word is decides between walking
  // the feed index and reading the GIN index, and a generic plan would fix one choice for all words.
  if (q.tsquery) return buildFeedQuery(db, q).execute(params);
  const byShape = statements.get(db) ?? new Map<string, FeedStatement>();
  statements.set(db, byShape);
  const shape = shapeOf(q);
  const statement = byShape.get(shape) ?? buildFeedQuery(db, q).prepare(`feed_page_${shape}`);
  byShape.set(shape, statement);
  return statement.execute(params);
}

export type FeedRow = Awaited<ReturnType<typeof listPublished>>[number];
