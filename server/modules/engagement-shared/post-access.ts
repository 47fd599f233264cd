// The post as the engagement calls (likes, comments, views) need it, loaded only if the viewer may see
// it. The visibility rule itself is the posts policy's (DESIGN §4): this file only applies it in SQL.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { posts } from '../../db/schema';
import { notFound } from '../../errors';
import { visiblePostCondition } from '../posts/policy';

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
