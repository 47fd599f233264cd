// SQL for likes. Writes report the rows they changed, so the service moves counters by exactly that.
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Executor } from '../../db/client';
import { blocks, likes, posts, users } from '../../db/schema';
import { postVisibility } from '../posts';

/** Removes the user's like; 1 if there was one, else 0. */
export async function deleteLike(db: Executor, postId: number, userId: number): Promise<number> {
  const rows = await db
    .delete(likes)
    .where(and(eq(likes.postId, postId), eq(likes.userId, userId)))
    .returning({ postId: likes.postId });
  return rows.length;
}

/** Adds the user's like; 1 if it was added, 0 if it already existed (race-free via the primary key). */
export async function insertLike(db: Executor, postId: number, userId: number, now: Date): Promise<number> {
  const rows = await db
    .insert(likes)
    .values({ postId, userId, createdAt: now })
    .onConflictDoNothing()
    .returning({ postId: likes.postId });
  return rows.length;
}

/** Moves the post's like counter by delta and returns the new value. */
export async function addToLikeCount(db: Executor, postId: number, delta: number): Promise<number> {
  const [row] = await db
    .update(posts)
    .set({ likeCount: sql`${posts.likeCount} + ${delta}` })
    .where(eq(posts.id, postId))
    .returning({ likeCount: posts.likeCount });
  return row?.likeCount ?? 0;
}

export interface EngagementRow {
  postId: number;
  likeCount: number;
  commentCount: number;
  isLiked: boolean;
}

/**
 * Counters and the actor's like for the given posts, in one query; posts the actor may not see (or
 * that do not exist) are simply absent.
 */
export async function findEngagement(
  db: Executor,
  postIds: number[],
  actor: Actor,
): Promise<EngagementRow[]> {
  if (postIds.length === 0) return [];
  const liked =
    actor === null
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${likes} where ${likes.postId} = ${posts.id} and ${likes.userId} = ${actor.id})`;
  return db
    .select({
      postId: posts.id,
      likeCount: posts.likeCount,
      commentCount: posts.commentCount,
      isLiked: liked.mapWith(Boolean),
    })
    .from(posts)
    .where(and(inArray(posts.id, postIds), postVisibility.visibleTo(actor)));
}

/**
 * Takes back every like of a user (their account is being deleted): each liked post's counter goes
 * down by one, in the caller's transaction.
 */
export async function forgetLikesOf(db: Executor, userId: number): Promise<void> {
  const liked = db.select({ postId: likes.postId }).from(likes).where(eq(likes.userId, userId));
  await db
    .update(posts)
    .set({ likeCount: sql`greatest(${posts.likeCount} - 1, 0)` })
    .where(inArray(posts.id, liked));
  await db.delete(likes).where(eq(likes.userId, userId));
}

/**
 * The people (not the owner) who like `postId` and liked it on `day` (YYYY-MM-DD in `zone`), newest
 * first, at most 3, each row with the day's total.
 */
export async function likersOn(db: Executor, postId: number, ownerId: number, day: string, zone: string) {
  return db
    .select({ id: users.id, name: users.name, total: sql<number>`(count(*) over ())::int` })
    .from(likes)
    .innerJoin(users, eq(users.id, likes.userId))
    .where(
      and(
        eq(likes.postId, postId),
        ne(likes.userId, ownerId),
        sql`(${likes.createdAt} at time zone ${zone})::date = ${day}::date`,
        // Nobody the owner blocked or was blocked by is named or counted.
        sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${ownerId} and ${blocks.blockedId} = ${likes.userId})
          or (${blocks.blockerId} = ${likes.userId} and ${blocks.blockedId} = ${ownerId}))`,
      ),
    )
    .orderBy(desc(likes.createdAt))
    .limit(3);
}
