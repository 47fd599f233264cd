// SQL for reading posts: keyset pages of published posts (with author and cover in the same query),
// and one post with its images. Every function takes an executor (database or transaction).
import { and, asc, eq, getTableColumns, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Category, City, PostType, SellOrBuy } from '../../../shared/catalog';
import type { Executor } from '../../db/client';
import { postImages, posts, users } from '../../db/schema';
import type { FeedPosition } from './cursor';

export interface FeedQuery {
  type?: PostType;
  category?: Category;
  city?: City;
  sellOrBuy?: SellOrBuy;
  /** A to_tsquery expression built by toPrefixQuery (never raw user input). */
  tsquery?: string;
  /** Only posts strictly after this position in the newest-first order. */
  after?: FeedPosition;
  limit: number;
}

const { searchVector: _searchVector, ...postColumns } = getTableColumns(posts);

// The keyset position of a row, exact to the microsecond (see cursor.ts).
const positionOf = sql<string>`to_char(${posts.publishedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

// Must match posts_feed_idx / posts_type_feed_idx exactly, or PostgreSQL sorts instead of walking the index.
const newestFirst = [sql`${posts.publishedAt} desc nulls last`, sql`${posts.id} desc nulls last`];

/** Which optional conditions a query has: one prepared statement per combination. */
const shapeOf = (q: FeedQuery) =>
  [q.type, q.category, q.city, q.sellOrBuy, q.tsquery, q.after]
    .map((v) => (v === undefined ? 0 : 1))
    .join('');

// Built with placeholders, so a shape's SQL text is always the same: drizzle builds it once and
// PostgreSQL (node-postgres named statements) parses and plans it once per connection.
function buildFeedQuery(db: Executor, q: FeedQuery) {
  const cover = db
    .select({
      id: postImages.id,
      thumbKey: postImages.thumbKey,
      fullKey: postImages.fullKey,
      width: postImages.width,
      height: postImages.height,
    })
    .from(postImages)
    .where(eq(postImages.postId, posts.id))
    .orderBy(asc(postImages.position), asc(postImages.id))
    .limit(1)
    .as('cover');

  // The bare column (not `= true`) so the planner matches the partial indexes' predicate.
  const where: SQL[] = [sql`${posts.isPublished}`, isNotNull(posts.publishedAt)];
  if (q.type) where.push(eq(posts.type, sql.placeholder('type')));
  if (q.category) where.push(eq(posts.category, sql.placeholder('category')));
  if (q.city) where.push(eq(posts.city, sql.placeholder('city')));
  if (q.sellOrBuy) where.push(eq(posts.sellOrBuy, sql.placeholder('sellOrBuy')));
  if (q.tsquery)
    where.push(sql`${posts.searchVector} @@ to_tsquery('english', ${sql.placeholder('tsquery')})`);
  if (q.after)
    where.push(
      sql`(${posts.publishedAt}, ${posts.id}) < (${sql.placeholder('afterTs')}::timestamptz, ${sql.placeholder('afterId')}::int)`,
    );

  return db
    .select({
      ...postColumns,
      userName: users.name,
      phoneNumber: users.phoneNumber,
      position: positionOf,
      cover: {
        id: cover.id,
        thumbKey: cover.thumbKey,
        fullKey: cover.fullKey,
        width: cover.width,
        height: cover.height,
      },
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoinLateral(cover, sql`true`)
    .where(and(...where))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'));
}

type FeedStatement = ReturnType<ReturnType<typeof buildFeedQuery>['prepare']>;
const statements = new WeakMap<Executor, Map<string, FeedStatement>>();

/** Published posts, newest first, each with its author's contact and its cover (first image). */
export async function listPublished(db: Executor, q: FeedQuery) {
  const params = {
    type: q.type,
    category: q.category,
    city: q.city,
    sellOrBuy: q.sellOrBuy,
    tsquery: q.tsquery,
    afterTs: q.after?.publishedAt,
    afterId: q.after?.id,
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

/** One post (published or not) with its author's contact, or undefined. */
export async function findPostWithAuthor(db: Executor, postId: number) {
  const [row] = await db
    .select({ ...postColumns, userName: users.name, phoneNumber: users.phoneNumber })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(eq(posts.id, postId))
    .limit(1);
  return row;
}

/** A post's images in display order. */
export function listImages(db: Executor, postId: number) {
  return db
    .select()
    .from(postImages)
    .where(eq(postImages.postId, postId))
    .orderBy(asc(postImages.position), asc(postImages.id));
}
