// Who may do what with a post (DESIGN §4). Every posts, images, feed, likes, comments and views call
// asks here; no call compares owners inline.
import { eq, or, type SQL, sql } from 'drizzle-orm';
import { MSG } from '../../../shared/messages';
import { posts } from '../../db/schema';
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

/**
 * The visibility rule: a published post is visible to everyone; an unpublished one only to its owner
 * (`viewerId` is a user id, or null for a visitor). Anyone else gets a 404, never a 403, so a draft's
 * existence does not leak.
 */
export const canSeePost = (viewerId: number | null, post: PostOwnership): boolean =>
  post.isPublished || (viewerId !== null && post.userId === viewerId);

/** The same rule as a SQL condition on `posts`, for queries that check it in the database. */
export const visiblePostCondition = (viewerId: number | null): SQL =>
  viewerId === null
    ? sql`${posts.isPublished}`
    : (or(eq(posts.isPublished, true), eq(posts.userId, viewerId)) as SQL);

/** Throws the error the caller should see (404 / 403 / 409), or returns when the action is allowed. */
export function authorizePost(user: PublicUser | null, action: PostAction, post: PostOwnership): void {
  // An unpublished post does not exist for anyone but its owner, whatever they try to do with it:
  // a 403 would tell them the draft is there (and, by the type they sent, what it is).
  if (!canSeePost(user?.id ?? null, post)) throw notFound(MSG.postDetail.notFound);
  if (action === 'read') return;
  if (user === null || user.id !== post.userId) throw forbidden();
  if (action === 'edit' && post.isPublished) throw conflict(MSG.preview.notEditable);
}
