// Who may do what with a post (DESIGN §4). Every posts and images call asks here; no call compares
// owners inline.
import { MSG } from '../../../shared/messages';
import { conflict, forbidden, notFound } from '../../errors';
import type { PublicUser } from '../users/repo';

export type PostAction =
  /** See the post and its images: anyone while published, only the owner before. */
  | 'read'
  /** Change its fields: the owner, only while unpublished (the preview screen's rule). */
  | 'edit'
  /** Publish or unpublish it. */
  | 'publish'
  /** Upload or delete its images. */
  | 'manageImages';

export interface PostOwnership {
  userId: number;
  isPublished: boolean;
}

/** Throws the error the caller should see (404 / 403 / 409), or returns when the action is allowed. */
export function authorizePost(user: PublicUser | null, action: PostAction, post: PostOwnership): void {
  const isOwner = user !== null && user.id === post.userId;
  // An unpublished post does not exist for anyone but its owner, whatever they try to do with it:
  // a 403 would tell them the draft is there (and, by the type they sent, what it is).
  if (!post.isPublished && !isOwner) throw notFound(MSG.postDetail.notFound);
  if (action === 'read') return;
  if (!isOwner) throw forbidden();
  if (action === 'edit' && post.isPublished) throw conflict(MSG.preview.notEditable);
}
