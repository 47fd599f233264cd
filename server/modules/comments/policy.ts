// Who may do what to a comment (DESIGN §4): the author edits; the author or the post's owner deletes.
// The presenter's canEdit/canDelete flags come from the same function, so flags and checks never differ.
import { forbidden } from '../../errors';

export type CommentAction = 'edit' | 'delete';

export interface CommentSubject {
  /** The comment's author. */
  userId: number;
  /** The owner of the post the comment is on. */
  postOwnerId: number;
}

export function canOnComment(
  viewerId: number | null,
  action: CommentAction,
  comment: CommentSubject,
): boolean {
  if (viewerId === null) return false;
  if (action === 'edit') return comment.userId === viewerId;
  return comment.userId === viewerId || comment.postOwnerId === viewerId;
}

/** 403 unless the viewer may do the action. */
export function authorizeComment(viewerId: number, action: CommentAction, comment: CommentSubject): void {
  if (!canOnComment(viewerId, action, comment)) throw forbidden();
}
