// View rules (DESIGN §4): anyone who can see a post views it; totalViews counts at most one view per
// viewer per 30 minutes; the post's counters move in the same transaction as the view row.
import type { Db, Executor } from '../../db/client';
import { findVisiblePost } from '../engagement-shared/post-access';
import { addToViewCounts, countAuthenticatedViewers, recordView } from './repo';
import type { Viewer } from './viewer';

export async function trackView(db: Db, postId: number, viewer: Viewer): Promise<{ isNewView: boolean }> {
  return db.transaction(async (tx) => {
    await findVisiblePost(tx, postId, viewer.userId, { lock: 'key share' });
    const outcome = await recordView(tx, postId, viewer.key, viewer.isAuthenticated);
    if (outcome !== 'ignored') await addToViewCounts(tx, postId, outcome === 'first');
    return { isNewView: outcome === 'first' };
  });
}

export async function viewStatistics(db: Executor, postId: number, viewerId: number | null) {
  const post = await findVisiblePost(db, postId, viewerId);
  return {
    statistics: {
      totalUniqueViewers: post.uniqueViewerCount,
      totalViews: post.viewCount,
      authenticatedViewers: await countAuthenticatedViewers(db, postId),
    },
    post: { id: post.id, views: post.viewCount },
  };
}
