// SQL for reading posts: keyset pages of publicly listed posts (with author and cover in the same
// query), and one post with its author. Every function takes an executor (database or transaction).
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Category, City, Currency, PostType, SellOrBuy } from '../../../shared/catalog';
import type { Executor } from '../../db/client';
import {
  type KeysetPosition,
  olderThan,
  type PricePosition,
  positionOf,
  pricierThan,
  type RankPosition,
} from '../../db/keyset';
import { postRowColumns as postColumns, posts, users } from '../../db/schema';
import { statementCache } from '../../db/statement-cache';
import { coverColumns, coverOfPost } from '../posts/cover';
import { postVisibility } from '../posts/policy';
import { anyWord, type Bind, placeholders, type SearchPlan, wholeWordQuery, wordQuery } from './search';

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
const shapeOf = (q: Partial<FeedQuery> & { afterRank?: RankPosition }) =>
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
const filterConditions = (q: Pick<FeedQuery, keyof typeof FILTER_COLUMNS>) =>
  Object.entries(FILTER_COLUMNS)
    .filter(([name]) => q[name as keyof typeof FILTER_COLUMNS])
    .map(([name, column]) => eq(column, sql.placeholder(name)));

/** What a feed card shows of a post: its fields, its author's name and phone, its cover, and its cursor position. */
const cardColumns = (cover: ReturnType<typeof coverOfPost>) => ({
  ...postColumns,
  userName: users.name,
  phoneNumber: users.phoneNumber,
  position: positionOf(posts.publishedAt),
  cover: coverColumns(cover),
});

// Built with placeholders, so a shape's SQL text is always the same: drizzle builds it once and
// PostgreSQL (node-postgres named statements) parses and plans it once per connection.
function buildFeedQuery(db: Executor, q: FeedQuery) {
  const cover = coverOfPost(db);

  const where: SQL[] = [postVisibility.listed(sql.placeholder('cutoff')), ...filterConditions(q)];
  if (q.userId !== undefined) where.push(eq(posts.userId, sql.placeholder('userId')));
  if (q.matches) where.push(sql`${posts.searchVector} @@ (${q.matches})`);
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
    type: q.type,
    category: q.category,
    city: q.city,
    sellOrBuy: q.sellOrBuy,
    currency: q.currency,
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

/** A search ranked by how well each post matches (search.ts plans it; decision 027). */
export interface RankedQuery
  extends Omit<FeedQuery, 'matches' | 'after' | 'order' | 'afterPrice' | 'userId'> {
  plan: SearchPlan;
  /** Only posts strictly after this position in the ranking. */
  afterRank?: RankPosition;
  /** How many of the newest matching posts are ranked (RANK_WINDOW; a test may pass fewer). */
  window?: number;
}

/**
 * A search ranks the newest 1,000 posts it matches (83 pages), not all of them: a word in a third of
 * all posts (a city) would otherwise score every one of them on every page. Rarer words (most) are
 * ranked in full; the 'Newest first' order still lists every match. Decision 027.
 */
export const RANK_WINDOW = 1000;

/**
 * How well a post matches, an integer so a cursor holds it exactly: 100 for each word found (all words
 * outrank some), then where it was found (name 6, category, city or location 4, details 2), then 1 if
 * it was the word itself rather than a longer one ('car' before 'carpet'). Newer wins ties (the order).
 */
function scoreOf(plan: SearchPlan, bind: Bind): SQL<number> {
  const v = posts.searchVector;
  const perWord = plan.words.map((w, i) => {
    const key = `w${i}`;
    return sql`(case when ${v} @@ ${wordQuery(w, '', bind, key)} then 100
      + (case when ${v} @@ ${wordQuery(w, 'A', bind, key)} then 6 when ${v} @@ ${wordQuery(w, 'AB', bind, key)} then 4 else 2 end)
      + (${v} @@ ${wholeWordQuery(w, bind, key)})::int else 0 end)`;
  });
  return sql<number>`(${sql.join(perWord, sql` + `)})`;
}

function buildRankedQuery(db: Executor, q: RankedQuery, bind: Bind) {
  const where: SQL[] = [
    postVisibility.listed(sql.placeholder('cutoff')),
    sql`${posts.searchVector} @@ (${anyWord(q.plan, bind)})`,
    ...filterConditions(q),
  ];
  const matches = db
    .select({ id: posts.id, publishedAt: posts.publishedAt, score: scoreOf(q.plan, bind).as('score') })
    .from(posts)
    .where(and(...where))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('window'))
    .as('matches');
  const ranked = db
    .select({ id: matches.id, publishedAt: matches.publishedAt, score: matches.score })
    .from(matches)
    .where(
      q.afterRank &&
        sql`(${matches.score}, ${matches.publishedAt}, ${matches.id}) < (${sql.placeholder('afterScore')}::int, ${sql.placeholder('afterTs')}::timestamptz, ${sql.placeholder('afterId')}::int)`,
    )
    .orderBy(sql`${matches.score} desc`, sql`${matches.publishedAt} desc`, sql`${matches.id} desc`)
    .limit(sql.placeholder('limit'))
    .as('ranked');
  const cover = coverOfPost(db);
  return db
    .select({ ...cardColumns(cover), score: ranked.score })
    .from(ranked)
    .innerJoin(posts, eq(posts.id, ranked.id))
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoinLateral(cover, sql`true`)
    .orderBy(sql`${ranked.score} desc`, sql`${ranked.publishedAt} desc`, sql`${ranked.id} desc`)
    .prepare(''); // unnamed: built once per shape, but planned for its own words on every run
}

/** Searches of up to 8 words, each a prefix or not, with any filters: the most used 256 shapes stay built. */
const rankedStatements = statementCache<ReturnType<typeof buildRankedQuery>>(256);

/**
 * Listed posts matching a search, best match first (then newest), with author and cover. The SQL is
 * built once per shape (how many words, which are prefixes, which filters, a cursor or not): drizzle
 * assembling it was a third of a search's CPU. It is not a named statement: a generic plan would fix
 * one choice for all words, and a city's name wants the feed index where a rare word wants the GIN one.
 */
export async function listRanked(db: Executor, q: RankedQuery) {
  const { bind, values } = placeholders();
  // Binding the words names their placeholders, and those names say how the words are shaped.
  scoreOf(q.plan, bind);
  const shape = `${Object.keys(values).join(',')}|${shapeOf(q)}`;
  const statement = rankedStatements(db, shape, () => buildRankedQuery(db, q, bind));
  return statement.execute({
    ...values,
    type: q.type,
    category: q.category,
    city: q.city,
    sellOrBuy: q.sellOrBuy,
    currency: q.currency,
    cutoff: q.cutoff,
    window: q.window ?? RANK_WINDOW,
    afterScore: q.afterRank?.score,
    afterTs: q.afterRank?.at,
    afterId: q.afterRank?.id,
    limit: q.limit,
  });
}
