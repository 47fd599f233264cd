// Like rules: a signed-in user toggles their like on a post they can see; counters stay exact.
import type { Db, Executor } from '../../db/client';
import { notFound } from '../../errors';
import { findVisiblePost } from '../engagement-shared/post-access';
import { addToLikeCount, deleteLike, findEngagement, insertLike } from './repo';

/** Only one reaction exists (spec §3): a heart. */
export const REACTION = 'like' as const;

export interface LikeState {
  isLiked: boolean;
  likeCount: number;
}

/**
 * Flips the user's like in one transaction. The like row and the counter move together by the rows
 * actually changed, so under any concurrency "row present <=> counted" holds. When a concurrent toggle
 * of the same user commits between our two steps, the step finds nothing to do and the next attempt
 * (a new statement, so it sees that commit) flips the state it left: two toggles always cancel out.
 */
export async function toggleLike(db: Db, postId: number, userId: number): Promise<LikeState> {
  return db.transaction(async (tx) => {
    await findVisiblePost(tx, postId, userId, { lock: 'key share' });
    for (let attempt = 0; attempt < 3; attempt++) {
      if ((await deleteLike(tx, postId, userId)) > 0)
        return { isLiked: false, likeCount: await addToLikeCount(tx, postId, -1) };
      if ((await insertLike(tx, postId, userId)) > 0)
        return { isLiked: true, likeCount: await addToLikeCount(tx, postId, 1) };
    }
    // Still contended after three flips: report the state as it stands rather than guess.
    return likeState(tx, postId, userId);
  });
}

/** Counters and the viewer's like for one visible post, else a 404. */
export async function engagementOf(db: Executor, postId: number, viewerId: number | null) {
  const [row] = await findEngagement(db, [postId], viewerId);
  if (!row) throw notFound();
  return row;
}

async function likeState(db: Executor, postId: number, userId: number): Promise<LikeState> {
  const { isLiked, likeCount } = await engagementOf(db, postId, userId);
  return { isLiked, likeCount };
}

/** Engagement of many posts keyed by post id; invisible or missing posts are left out. */
export async function engagementOfMany(db: Executor, postIds: number[], viewerId: number | null) {
  const rows = await findEngagement(db, postIds, viewerId);
  return Object.fromEntries(rows.map(({ postId, ...rest }) => [String(postId), rest] as const));
}
