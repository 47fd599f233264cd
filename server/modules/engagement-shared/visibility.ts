// Who may see a post, in one place for likes, comments and views (DESIGN §4): a published post is
// visible to everyone; an unpublished one only to its owner, and it is a 404 (not a 403) to anyone else,
// so its existence does not leak.
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { posts } from '../../db/schema';
import { notFound } from '../../errors';

/** What the engagement calls need of a post: its owner, whether it is published, and its counters. */
export interface PostAccess {
  id: number;
  userId: number;
  isPublished: boolean;
  likeCount: number;
  commentCount: number;
  viewCount: number;
  uniqueViewerCount: number;
}

/** The policy: may this viewer (a user id, or null for a visitor) see this post? */
export const canSeePost = (viewerId: number | null, post: Pick<PostAccess, 'userId' | 'isPublished'>) =>
  post.isPublished || (viewerId !== null && post.userId === viewerId);

/** The same policy as a SQL condition on `posts`, for queries over many posts at once. */
export const visiblePostCondition = (viewerId: number | null): SQL =>
  viewerId === null
    ? sql`${posts.isPublished}`
    : (or(eq(posts.isPublished, true), eq(posts.userId, viewerId)) as SQL);

/**
 * The post if the viewer may see it, else a 404. `lock: 'key share'` keeps the post from being deleted
 * until the caller's transaction ends (its likes/comments rows reference it) without blocking the
 * counter updates on the same row.
 */
export async function findVisiblePost(
  db: Executor,
  postId: number,
  viewerId: number | null,
  options: { lock?: 'key share' } = {},
): Promise<PostAccess> {
  const query = db
    .select({
      id: posts.id,
      userId: posts.userId,
      isPublished: posts.isPublished,
      likeCount: posts.likeCount,
      commentCount: posts.commentCount,
      viewCount: posts.viewCount,
      uniqueViewerCount: posts.uniqueViewerCount,
    })
    .from(posts)
    .where(and(eq(posts.id, postId), visiblePostCondition(viewerId)))
    .limit(1);
  const [post] = options.lock ? await query.for(options.lock) : await query;
  if (!post) throw notFound();
  return post;
}
