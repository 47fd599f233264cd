// Like rules: a signed-in user toggles their like on a post they can see; counters stay exact.
import type { Actor, SignedInActor } from '../../actor';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import { raiseNotification } from '../notifications';
import { requireVisiblePost } from '../posts';
import { addToLikeCount, deleteLike, findEngagement, insertLike, likersOn } from './repo';

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
export async function toggleLike(
  deps: Pick<Deps, 'database' | 'clock' | 'config' | 'live'>,
  postId: number,
  actor: SignedInActor,
): Promise<LikeState> {
  const userId = actor.id;
  const { state, hinted } = await deps.database.db.transaction(async (tx) => {
    const post = await requireVisiblePost(tx, postId, actor, { lock: 'key share' });
    for (let attempt = 0; attempt < 3; attempt++) {
      if ((await deleteLike(tx, postId, userId)) > 0)
        return { state: { isLiked: false, likeCount: await addToLikeCount(tx, postId, -1) }, hinted: [] };
      if ((await insertLike(tx, postId, userId, deps.clock.now())) > 0) {
        const likeCount = await addToLikeCount(tx, postId, 1);
        return { state: { isLiked: true, likeCount }, hinted: await tellOwner(deps, tx, post) };
      }
    }
    // Still contended after three flips: report the state as it stands rather than guess.
    return { state: await likeState(tx, postId, actor), hinted: [] };
  });
  deps.live.hint(hinted);
  return state;
}

/**
 * The owner's one notification of the day's likes on this post (issue 33): 'Rudo Chikore and 3 others
 * liked …', its actors the newest three likers and its count all of today's (in DISPLAY_TIME_ZONE),
 * recounted from the likes themselves so an unlike and like again is not counted twice.
 */
async function tellOwner(
  deps: Pick<Deps, 'clock' | 'config'>,
  tx: Executor,
  post: { id: number; userId: number; name: string },
) {
  const now = deps.clock.now();
  const zone = deps.config.displayTimeZone;
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now);
  const today = await likersOn(tx, post.id, post.userId, day, zone);
  if (today.length === 0) return [];
  return raiseNotification(
    tx,
    {
      userId: post.userId,
      kind: 'like',
      groupKey: `like:${post.id}:${day}`,
      mode: 'replace',
      postId: post.id,
      subject: post.name,
      link: `/posts/${post.id}`,
      actors: today.slice(0, 3),
      count: today[0]?.total ?? today.length,
    },
    now,
  );
}

async function engagementIn(db: Executor, postId: number, actor: Actor) {
  const [row] = await findEngagement(db, [postId], actor);
  if (!row) throw notFound();
  return row;
}

/** Counters and the actor's like for one visible post, else a 404. */
export const engagementOf = ({ database }: Pick<Deps, 'database'>, postId: number, actor: Actor) =>
  engagementIn(database.db, postId, actor);

async function likeState(db: Executor, postId: number, actor: Actor): Promise<LikeState> {
  const { isLiked, likeCount } = await engagementIn(db, postId, actor);
  return { isLiked, likeCount };
}

/** Engagement of many posts keyed by post id; invisible or missing posts are left out. */
export async function engagementOfMany(
  { database }: Pick<Deps, 'database'>,
  postIds: number[],
  actor: Actor,
) {
  const rows = await findEngagement(database.db, postIds, actor);
  return Object.fromEntries(rows.map(({ postId, ...rest }) => [String(postId), rest] as const));
}
