// SQL for favourites: a user's saved posts. Writes report whether they changed a row; the list is a
// keyset page on (saved_at, post_id), newest saved first, of the posts the feeds would show.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SignedInActor } from '../../actor';
import type { Executor } from '../../db/client';
import { type KeysetPosition, olderThan, positionOf } from '../../db/keyset';
import { favourites, postRowColumns, posts, users } from '../../db/schema';
import { coverColumns, coverOfPost, postVisibility, shownPhone } from '../posts';

/** Saves the post for the user; false when it was already saved (its first saved_at is kept). */
export async function insertFavourite(db: Executor, userId: number, postId: number): Promise<boolean> {
  const rows = await db
    .insert(favourites)
    .values({ userId, postId })
    .onConflictDoNothing()
    .returning({ postId: favourites.postId });
  return rows.length > 0;
}

/** Removes the user's save of the post; false when there was none. */
export async function deleteFavourite(db: Executor, userId: number, postId: number): Promise<boolean> {
  const rows = await db
    .delete(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.postId, postId)))
    .returning({ postId: favourites.postId });
  return rows.length > 0;
}

/**
 * Which of `postIds` the user has saved, among the posts they can see now: a saved post that was
 * hidden answers as not saved, the same as one that was deleted (the likes batch does the same).
 */
export async function savedAmong(db: Executor, actor: SignedInActor, postIds: number[]): Promise<number[]> {
  if (postIds.length === 0) return [];
  const rows = await db
    .select({ postId: favourites.postId })
    .from(favourites)
    .innerJoin(posts, eq(posts.id, favourites.postId))
    .where(
      and(
        eq(favourites.userId, actor.id),
        inArray(favourites.postId, postIds),
        postVisibility.visibleTo(actor),
      ),
    );
  return rows.map((row) => row.postId);
}

// Must match favourites_user_saved_idx (db/schema.ts) so the page walks the index.
const newestSavedFirst = [
  sql`${favourites.createdAt} desc nulls last`,
  sql`${favourites.postId} desc nulls last`,
];

/**
 * The user's saved posts, whatever became of them (issue 34: sold, expired, unpublished, hidden, their
 * author suspended; the service marks each and strips what the saver may no longer read), newest saved
 * first, each with its author's contact (the phone only if they show it) and its cover.
 */
export async function listFavourites(
  db: Executor,
  userId: number,
  page: { after?: KeysetPosition; limit: number },
) {
  const cover = coverOfPost(db);
  return db
    .select({
      ...postRowColumns,
      userName: users.name,
      phoneNumber: shownPhone,
      position: positionOf(favourites.createdAt),
      cover: coverColumns(cover),
    })
    .from(favourites)
    .innerJoin(posts, eq(posts.id, favourites.postId))
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoinLateral(cover, sql`true`)
    .where(
      and(
        eq(favourites.userId, userId),
        page.after ? olderThan(favourites.createdAt, favourites.postId, page.after) : undefined,
      ),
    )
    .orderBy(...newestSavedFirst)
    .limit(page.limit);
}

/** Removes every post a user saved (their account is being deleted). */
export async function forgetFavouritesOf(db: Executor, userId: number): Promise<void> {
  await db.delete(favourites).where(eq(favourites.userId, userId));
}
