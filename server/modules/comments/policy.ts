// Who may see and do what to a comment (DESIGN §4): the author edits; the author or the post's owner
// deletes. The presenter's canEdit/canDelete flags come from the same function, so flags and checks
// never differ. A comment moderation keeps back (decision 014) is seen only by its author and moderators.
import { or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { ModerationState } from '../../../shared/moderation';
import { type Actor, isModerator, type SignedInActor } from '../../actor';
import { comments } from '../../db/schema';
import { forbidden } from '../../errors';

export type CommentAction = 'edit' | 'delete';

export interface CommentSubject {
  /** The comment's author. */
  userId: number;
  /** The owner of the post the comment is on. */
  postOwnerId: number;
}

export type CommentVisibilityFields = {
  userId: number;
  moderation: ModerationState;
  authorSuspended: boolean;
};

/** Counted and shown to everyone: not kept back by moderation, and its author not suspended. */
export const isPublicComment = (comment: Pick<CommentVisibilityFields, 'moderation' | 'authorSuspended'>) =>
  comment.moderation === 'visible' && !comment.authorSuspended;

/** isPublicComment as a condition on `comments`. */
export const publicComment = sql`(${comments.moderation} = 'visible' and not ${comments.authorSuspended})`;

/** Which comments of a post the actor may read (the post itself is checked by the posts policy). */
export const commentVisibility = {
  columns: {
    userId: comments.userId,
    moderation: comments.moderation,
    authorSuspended: comments.authorSuspended,
  },
  /** The comments the review queue lists (on a post it lists): by an author who is not suspended. */
  reviewable: sql`not ${comments.authorSuspended}`,
  canSee: (actor: Actor, comment: CommentVisibilityFields): boolean =>
    isPublicComment(comment) || isModerator(actor) || (actor !== null && comment.userId === actor.id),
  /** The same rule as a condition on `comments` (`actorId` as in postVisibility.visibleTo). */
  visibleTo: (actor: Actor, actorId: Placeholder | number | undefined = actor?.id): SQL | undefined => {
    if (isModerator(actor)) return undefined;
    return actor === null ? publicComment : (or(publicComment, sql`${comments.userId} = ${actorId}`) as SQL);
  },
};

export function canOnComment(actor: Actor, action: CommentAction, comment: CommentSubject): boolean {
  if (actor === null) return false;
  if (action === 'edit') return comment.userId === actor.id;
  return comment.userId === actor.id || comment.postOwnerId === actor.id;
}

/** The canEdit/canDelete flags of a comment as the actor sees it (the presenter and shared pages). */
export const commentFlags = (actor: Actor, comment: CommentSubject) => ({
  canEdit: canOnComment(actor, 'edit', comment),
  canDelete: canOnComment(actor, 'delete', comment),
});

/** 403 unless the actor may do the action. */
export function authorizeComment(actor: SignedInActor, action: CommentAction, comment: CommentSubject): void {
  if (!canOnComment(actor, action, comment)) throw forbidden();
}
