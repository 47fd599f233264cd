// Who may do what to a comment (DESIGN §4): the author edits; the author or the post's owner deletes.
// The presenter's canEdit/canDelete flags come from the same function, so flags and checks never differ.
import type { Actor, SignedInActor } from '../../actor';
import { forbidden } from '../../errors';

export type CommentAction = 'edit' | 'delete';

export interface CommentSubject {
  /** The comment's author. */
  userId: number;
  /** The owner of the post the comment is on. */
  postOwnerId: number;
}

export function canOnComment(actor: Actor, action: CommentAction, comment: CommentSubject): boolean {
  if (actor === null) return false;
  if (action === 'edit') return comment.userId === actor.id;
  return comment.userId === actor.id || comment.postOwnerId === actor.id;
}

/** 403 unless the actor may do the action. */
export function authorizeComment(actor: SignedInActor, action: CommentAction, comment: CommentSubject): void {
  if (!canOnComment(actor, action, comment)) throw forbidden();
}
