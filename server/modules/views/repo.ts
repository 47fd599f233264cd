// SQL for post views: one row per (post, viewer) holding when its last counted view was.
import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { posts, postViews } from '../../db/schema';

/** A viewer's views count again only this long after their last counted one (DESIGN §4). */
export const RECOUNT_AFTER = sql.raw(`interval '30 minutes'`);

/** A signed-in viewer's key in post_views (anonymous ones are `a:<visitor id>` or `ip:<address>`). */
export const userViewerKey = (userId: number) => `u:${userId}`;

export type ViewOutcome = 'first' | 'counted' | 'ignored';

/**
 * Records a view in one statement: a first view inserts the row; a later one counts only if the last
 * counted view is at least 30 minutes old (and then moves last_at); otherwise nothing changes. The
 * primary key makes concurrent first views of one viewer count once.
 */
export async function recordView(
  db: Executor,
  postId: number,
  viewerKey: string,
  isAuthenticated: boolean,
): Promise<ViewOutcome> {
  const [row] = await db
    .insert(postViews)
    .values({ postId, viewerKey, isAuthenticated })
    .onConflictDoUpdate({
      target: [postViews.postId, postViews.viewerKey],
      set: { lastAt: sql`now()`, count: sql`${postViews.count} + 1` },
      setWhere: sql`${postViews.lastAt} <= now() - ${RECOUNT_AFTER}`,
    })
    .returning({ count: postViews.count });
  if (!row) return 'ignored';
  // Only an insert leaves count at 1; every counted repeat raises it.
  return row.count === 1 ? 'first' : 'counted';
}

export async function addToViewCounts(db: Executor, postId: number, newViewer: boolean): Promise<void> {
  await db
    .update(posts)
    .set({
      viewCount: sql`${posts.viewCount} + 1`,
      uniqueViewerCount: sql`${posts.uniqueViewerCount} + ${newViewer ? 1 : 0}`,
    })
    .where(eq(posts.id, postId));
}

export async function countAuthenticatedViewers(db: Executor, postId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(postViews)
    .where(and(eq(postViews.postId, postId), eq(postViews.isAuthenticated, true)));
  return Number(row?.n ?? 0);
}

/**
 * Forgets which posts a signed-in user viewed (their account is being deleted); the posts' counts stay
 * as they are: those views happened.
 */
export async function forgetViewsOf(db: Executor, userId: number): Promise<void> {
  await db.delete(postViews).where(eq(postViews.viewerKey, userViewerKey(userId)));
}
