// View rules (DESIGN §4): anyone who can see a post views it; totalViews counts at most one view per
// viewer per 30 minutes; the post's counters move in the same transaction as the view row. The owner's
// own visits are not views (issue 34): a signed-in owner, on whichever device, is known by the session.
import type { Actor } from '../../actor';
import type { Deps } from '../../deps';
import { requireVisiblePost } from '../posts';
import { addToViewCounts, countAuthenticatedViewers, recordView } from './repo';
import type { Viewer } from './viewer';

/** Records a view of a post the actor can see; the viewer is identified only then (no id for a 404). */
export async function trackView(
  { database }: Pick<Deps, 'database'>,
  postId: number,
  actor: Actor,
  identify: () => Viewer,
): Promise<{ isNewView: boolean }> {
  return database.db.transaction(async (tx) => {
    const post = await requireVisiblePost(tx, postId, actor, { lock: 'key share' });
    if (actor !== null && actor.id === post.userId) return { isNewView: false };
    const viewer = identify();
    const outcome = await recordView(tx, postId, viewer.key, viewer.isAuthenticated);
    if (outcome !== 'ignored') await addToViewCounts(tx, postId, outcome === 'first');
    return { isNewView: outcome === 'first' };
  });
}

export async function viewStatistics({ database }: Pick<Deps, 'database'>, postId: number, actor: Actor) {
  const { db } = database;
  const post = await requireVisiblePost(db, postId, actor);
  return {
    statistics: {
      totalUniqueViewers: post.uniqueViewerCount,
      totalViews: post.viewCount,
      authenticatedViewers: await countAuthenticatedViewers(db, postId),
    },
    post: { id: post.id, views: post.viewCount },
  };
}
