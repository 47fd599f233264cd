// SQL for posts. Every function takes an executor so the service can run it inside a transaction.
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Currency, PostType } from '../../../shared/catalog';
import type { PostStatus } from '../../../shared/post-status';
import type { Executor } from '../../db/client';
import { comments, postRowColumns as postColumns, postImages, posts, reports, users } from '../../db/schema';
import { keepPostDetails } from '../conversations';
import { keysOfPost } from '../images';
import type { ImageRow, PostRecord, PostWithAuthor } from '../posts';

/** The listing fields a create or edit writes (the price column holds a service's rate too). */
export interface PostFields {
  type: PostType;
  sellOrBuy: 'Buy' | 'Sell';
  name: string;
  category: string;
  price: string;
  paymentMethods: string;
  details: string;
  city: string;
  location: string;
  /** Absent: US dollars for a new post, unchanged on an edit (issue 14). */
  currency?: Currency;
}

/** What the safety checks store beside the fields (modules/safety). */
export interface PostTextChecks {
  scamSignals: string[];
  textFingerprint: string;
}

export async function insertPost(
  db: Executor,
  userId: number,
  fields: PostFields & PostTextChecks,
): Promise<PostRecord> {
  const [row] = await db
    .insert(posts)
    .values({ ...fields, userId, isPublished: false })
    .returning(postColumns);
  if (!row) throw new Error('insert into posts returned no row');
  return row;
}

export async function updatePostFields(
  db: Executor,
  id: number,
  fields: Omit<PostFields, 'type'> &
    PostTextChecks & { reviewedAt: Date | null; textPublishedAt: Date | null; publicPrice?: string },
): Promise<PostRecord> {
  const [row] = await db
    .update(posts)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(posts.id, id))
    .returning(postColumns);
  if (!row) throw new Error(`post ${id} vanished during update`);
  return row;
}

/**
 * Publishing stamps published_at with `now`, which puts the post first in the feeds, unless it is
 * already published or was stamped after `bumpAfter`: then it keeps its time. Unpublishing keeps the
 * stamp too, so toggling a post off and on cannot move it to the top more than once per period.
 */
/** Renews an expired post (issue 14): published again as of `now`, so at the top of the feeds. */
export async function renewPublished(db: Executor, id: number, now: Date): Promise<PostRecord> {
  const [row] = await db
    .update(posts)
    .set({ publishedAt: now, updatedAt: now })
    .where(eq(posts.id, id))
    .returning(postColumns);
  if (!row) throw new Error(`post ${id} vanished during a renewal`);
  return row;
}

/** Sets a post's sale status (issue 14); the feeds' order and everything else stay. */
export async function setStatus(
  db: Executor,
  id: number,
  status: PostStatus,
  now: Date,
): Promise<PostRecord> {
  const [row] = await db
    .update(posts)
    .set({ status, updatedAt: now })
    .where(eq(posts.id, id))
    .returning(postColumns);
  if (!row) throw new Error(`post ${id} vanished during a status change`);
  return row;
}

export async function setPublished(
  db: Executor,
  id: number,
  isPublished: boolean,
  { now, bumpAfter }: { now: Date; bumpAfter: Date },
): Promise<PostRecord> {
  const keepsTime = sql`${posts.publishedAt} is not null and (${posts.isPublished} or ${posts.publishedAt} > ${bumpAfter})`;
  const [row] = await db
    .update(posts)
    .set({
      isPublished,
      publishedAt: isPublished
        ? sql`case when ${keepsTime} then ${posts.publishedAt} else ${now}::timestamptz end`
        : posts.publishedAt,
      // When this text first went public: the copy-paste rule compares it (safety/copy-paste.ts).
      textPublishedAt: isPublished
        ? sql`coalesce(${posts.textPublishedAt}, ${now}::timestamptz)`
        : posts.textPublishedAt,
      publicPrice: isPublished ? sql`${posts.price} || '|' || ${posts.currency}` : posts.publicPrice,
      updatedAt: now,
    })
    .where(eq(posts.id, id))
    .returning(postColumns);
  if (!row) throw new Error(`post ${id} vanished during publish`);
  return row;
}

/**
 * A user's own posts, published or not, newest first, with the author's contact fields. Only the owner
 * reads this list (my-created-posts), so it keeps their own number even when their posts do not show it
 * (issue 32; every shape others see selects posts/contact.ts shownPhone).
 */
export async function listPostsByUser(db: Executor, userId: number): Promise<PostWithAuthor[]> {
  return db
    .select({ ...postColumns, userName: users.name, phoneNumber: users.phoneNumber })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(eq(posts.userId, userId))
    .orderBy(desc(posts.createdAt), desc(posts.id));
}

/** The first image (lowest position) of each of the given posts. */
export async function findCovers(db: Executor, postIds: number[]): Promise<Map<number, ImageRow>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([postImages.postId])
    .from(postImages)
    .where(inArray(postImages.postId, postIds))
    .orderBy(asc(postImages.postId), asc(postImages.position), asc(postImages.id));
  return new Map(rows.map((row) => [row.postId, row]));
}

/**
 * Locks a post's comments (in id order), before the post row: comment deletes, reports on comments and
 * moderators' decisions lock a comment and then its post, so taking them in the same order means a
 * post delete racing them waits instead of deadlocking. A report being filed on one of them commits
 * before the delete reads the reports; one filed after finds no comment.
 */
/** The advisory-lock space of post deletions (the two-int form: apart from the copy-paste rule's keys). */
const POST_DELETION_LOCKS = 17;

/**
 * Deletions of one post, one at a time: two deletes of the same post would each lock the comments
 * they found, and a comment committed between the two lookups let them deadlock (the first one's
 * cascade waiting on the second one's comment lock, the second waiting on the post). The lock ends
 * with the transaction.
 */
export async function lockPostDeletion(db: Executor, postId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${POST_DELETION_LOCKS}, ${postId})`);
}

export async function lockCommentsOf(db: Executor, postId: number): Promise<void> {
  await db
    .select({ id: comments.id })
    .from(comments)
    .where(eq(comments.postId, postId))
    .orderBy(asc(comments.id))
    .for('update');
}

/**
 * Deletes a post and what hangs off it (its comments locked first: lockCommentsOf), returning its
 * image files' keys (the caller removes the files after the commit). Images, likes, saves, comments and
 * views go by the foreign keys' cascade; reports name their target by type and id, so the post's
 * reports and its comments' reports go here. Conversations about it stay (keepPostDetails). The audit log (moderation_actions) keeps its rows: what
 * moderators decided stays on record.
 */
export async function deletePostRows(db: Executor, postId: number): Promise<string[]> {
  const keys = await keysOfPost(db, postId);
  const commentIds = db.select({ id: comments.id }).from(comments).where(eq(comments.postId, postId));
  await db
    .delete(reports)
    .where(
      or(
        and(eq(reports.targetType, 'post'), eq(reports.targetId, postId)),
        and(eq(reports.targetType, 'comment'), inArray(reports.targetId, commentIds)),
      ),
    );
  // Its conversations stay with the two people (and a moderator): they keep what the post showed.
  await keepPostDetails(db, [postId]);
  await db.delete(posts).where(eq(posts.id, postId));
  return keys;
}

/**
 * Deletes every post of a user, each as deletePostRows does (their account is being deleted), in the
 * caller's transaction; answers the image files' keys for the caller to remove after the commit.
 */
export async function deletePostsOfUser(db: Executor, userId: number): Promise<string[]> {
  const owned = await db
    .select({ id: posts.id })
    .from(posts)
    .where(eq(posts.userId, userId))
    .orderBy(asc(posts.id));
  const keys: string[] = [];
  for (const { id } of owned) {
    await lockPostDeletion(db, id);
    await lockCommentsOf(db, id);
    keys.push(...(await deletePostRows(db, id)));
  }
  return keys;
}
