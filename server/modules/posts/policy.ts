// Who may see a post and do what with it (DESIGN §4). Every query and call that touches a post asks
// here: `postVisibility` is the one definition of who sees a post (the columns it reads, the SQL
// condition, the same rule in JS, and the "publicly listed" variant the feeds use), so a new post
// state (hidden, held, sold, expired) is one edit in this file: sold is one (issue 14). Moderation (decision 014) is one such
// state: reports, holds and suspensions keep a post from everyone but its owner and the moderators.
import { and, gte, isNotNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { MSG } from '../../../shared/messages';
import type { ModerationState } from '../../../shared/moderation';
import { type Actor, isModerator } from '../../actor';
import { posts } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';

/** What the rule reads of a post: select these columns (spread them) wherever a post is checked. */
const columns = {
  userId: posts.userId,
  isPublished: posts.isPublished,
  moderation: posts.moderation,
  authorSuspended: posts.authorSuspended,
};

export type PostVisibilityFields = {
  userId: number;
  isPublished: boolean;
  moderation: ModerationState;
  authorSuspended: boolean;
};

const isOwner = (actor: Actor, post: Pick<PostVisibilityFields, 'userId'>) =>
  actor !== null && post.userId === actor.id;

/** Not kept from the public by moderation: not hidden, held or removed, and its author not suspended. */
const isCleared = (post: Pick<PostVisibilityFields, 'moderation' | 'authorSuspended'>) =>
  post.moderation === 'visible' && !post.authorSuspended;

const clearedSql = sql`(${posts.moderation} = 'visible' and not ${posts.authorSuspended})`;

/** Sold posts (issue 14) leave the feeds and search; their links still open, with a 'Sold' badge. */
const notSoldSql = sql`${posts.status} <> 'sold'`;

export const postVisibility = {
  columns,
  /**
   * A published post is visible to everyone unless moderation keeps it back (then to moderators); the
   * owner always sees their own. Anyone else gets a 404, never a 403, so its existence does not leak.
   */
  canSee: (actor: Actor, post: PostVisibilityFields): boolean =>
    isOwner(actor, post) || (post.isPublished && (isCleared(post) || isModerator(actor))),
  /**
   * The same rule as a condition on `posts`. `actorId` stands for the actor's id in the SQL (a
   * prepared statement's placeholder); the id itself by default.
   */
  visibleTo: (actor: Actor, actorId: Placeholder | number | undefined = actor?.id): SQL => {
    if (actor === null) return sql`(${posts.isPublished} and ${clearedSql})`;
    const seen = isModerator(actor)
      ? sql`${posts.isPublished}`
      : sql`(${posts.isPublished} and ${clearedSql})`;
    return or(seen, sql`${posts.userId} = ${actorId}`) as SQL;
  },
  /**
   * What the public feeds and search list: visible to everyone, not sold, published (or renewed) since
   * `cutoff` (posts/expiry.ts: older ones have expired), in the feed order. The bare column (not
   * `= true`) so the planner matches the partial indexes' predicate (db/schema.ts).
   */
  /**
   * What moderators review (the queue, decisions): published posts, whatever moderation did to them. A
   * draft is its owner's alone, moderators included.
   */
  published: sql`${posts.isPublished}`,
  /** The posts the review queue lists: published, by an author who is not suspended (that hides all). */
  reviewable: sql`(${posts.isPublished} and not ${posts.authorSuspended})`,
  listed: (cutoff: Date | Placeholder | SQL): SQL =>
    and(
      sql`${posts.isPublished}`,
      isNotNull(posts.publishedAt),
      clearedSql,
      notSoldSql,
      gte(posts.publishedAt, cutoff),
    ) as SQL,
};

export type PostAction =
  /** See the post and its images: anyone who can see it. */
  | 'read'
  /**
   * Change its fields: the owner, published or not (issue 34: a live listing is edited in place from
   * the dashboard; the preview screen keeps its Edit for unpublished posts, as the spec says).
   */
  | 'edit'
  /** Publish or unpublish it. */
  | 'publish'
  /** Upload or delete its images. */
  | 'manageImages'
  /** Delete it with everything hanging off it: the owner, whatever its state (draft, held, removed). */
  | 'delete'
  /** Mark it available, reserved or sold: the owner, only while published (issue 14). */
  | 'setStatus'
  /** Renew an expired post (issue 14): the owner; whether it has expired is the service's check. */
  | 'renew'
  /** Hide or restore it, or act on its comments: a moderator, on a published post (decision 014). */
  | 'moderate';

/**
 * Throws the error the actor should see (404 / 403 / 409), or returns when the action is allowed.
 * `missing` is the 404's message (a comment's post says the comment is not there).
 */
export function authorizePost(
  actor: Actor,
  action: PostAction,
  post: PostVisibilityFields,
  missing: string = MSG.postDetail.notFound,
): void {
  // A post the actor cannot see does not exist for them, whatever they try to do with it: a 403
  // would tell them the draft is there (and, by the type they sent, what it is).
  if (!postVisibility.canSee(actor, post)) throw notFound(missing);
  if (action === 'read') return;
  if (action === 'moderate') {
    if (!isModerator(actor)) throw forbidden();
    if (!post.isPublished) throw notFound(missing);
    return;
  }
  if (!isOwner(actor, post)) throw forbidden();
  if ((action === 'setStatus' || action === 'renew') && !post.isPublished)
    throw conflict(MSG.status.notPublished);
}
