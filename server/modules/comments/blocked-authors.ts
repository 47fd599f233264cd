// Issue 32: once A blocks B, A no longer sees B's comments on A's posts written after the block (the
// older ones stay: A had already read them). Only A, only on A's own posts: every other reader's page,
// B's own included, is unchanged, and so is the post's comment count (the public one). The rule has two
// forms, kept here together: the condition the page's query reads, and which readers it makes unable
// to take the shared page (page.ts), which is the page as a visitor sees it.
import { type Placeholder, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import { comments, posts } from '../../db/schema';
import type { Deps } from '../../deps';
import { blockedBefore, hasBlockedAnyone } from '../blocks';

/**
 * The comments the reader `actorId` may see as far as blocks go, as a condition on `comments` and the
 * page's `posts` row. Whoever does not own the post stops at the first comparison.
 */
export const notHiddenByBlock = (actorId: Placeholder | number) =>
  sql`not (${posts.userId} = ${actorId} and ${blockedBefore(actorId, comments.userId, comments.createdAt)})`;

/**
 * Whether the reader's page may lack comments the shared page shows: they own the post and have
 * blocked someone. Cached like the pages, and cleared with them by every block and unblock (their
 * routes invalidate 'comments'): an owner reading their own post costs one small query a second at most.
 */
export async function hidesBlockedAuthors(
  { database, commentsCache }: Pick<Deps, 'database' | 'commentsCache'>,
  actor: Actor,
  postOwnerId: number,
): Promise<boolean> {
  if (actor === null || actor.id !== postOwnerId) return false;
  return commentsCache.get(`blocker:${actor.id}`, () => hasBlockedAnyone(database.db, actor.id));
}
