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

/** Published posts, newest first, each with its author's contact and its cover (first image). */
export async function listPublished(db: Executor, query: FeedQuery) {
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
  if (query.type) where.push(eq(posts.type, query.type));
  if (query.category) where.push(eq(posts.category, query.category));
  if (query.city) where.push(eq(posts.city, query.city));
  if (query.sellOrBuy) where.push(eq(posts.sellOrBuy, query.sellOrBuy));
  if (query.tsquery) where.push(sql`${posts.searchVector} @@ to_tsquery('english', ${query.tsquery})`);
  if (query.after)
    where.push(
      sql`(${posts.publishedAt}, ${posts.id}) < (${query.after.publishedAt}::timestamptz, ${query.after.id}::int)`,
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
    .limit(query.limit);
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
