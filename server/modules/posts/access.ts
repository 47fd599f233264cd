// Loading a post for a call, through the posts policy: the whole row for the owner's listing and image
// calls (loadPostFor), and the counters the engagement calls need (requireVisiblePost, the visibility
// definition applied in SQL).
import { and, eq } from 'drizzle-orm';
import type { PostType } from '../../../shared/catalog';
import { MSG } from '../../../shared/messages';
import type { Actor } from '../../actor';
import type { Executor } from '../../db/client';
import { postRowColumns, posts } from '../../db/schema';
import { notFound } from '../../errors';
import { authorizePost, type PostAction, postVisibility } from './policy';
import type { PostRow } from './presenter';

export type PostRecord = Omit<PostRow, 'searchVector'>;

/**
 * The post the client names by id and type, if the actor may do `action` with it (else the policy's
 * 404/403/409). A wrong type is the same as a missing post: the spec's client addresses an item as
 * (type, id). `forUpdate` locks the row for the rest of the transaction.
 */
export async function loadPostFor(
  db: Executor,
  actor: Actor,
  action: PostAction,
  ref: { id: number; type?: PostType },
  options: { forUpdate?: boolean } = {},
): Promise<PostRecord> {
  const query = db.select(postRowColumns).from(posts).where(eq(posts.id, ref.id)).limit(1);
  const [post] = options.forUpdate ? await query.for('update') : await query;
  if (!post || (ref.type !== undefined && post.type !== ref.type)) throw notFound(MSG.postDetail.notFound);
  authorizePost(actor, action, post);
  return post;
}

/** What the engagement calls need of a post: who owns it and its counters. */
export interface PostAccess {
  id: number;
  userId: number;
  /** Its name (what a notification about it says). */
  name: string;
  likeCount: number;
  commentCount: number;
  viewCount: number;
  uniqueViewerCount: number;
}

/**
 * The post if the actor may see it, else a 404. `lock: 'key share'` keeps the post from being deleted
 * until the caller's transaction ends (its likes/comments rows reference it) without blocking the
 * counter updates on the same row.
 */
export async function requireVisiblePost(
  db: Executor,
  postId: number,
  actor: Actor,
  options: { lock?: 'key share' } = {},
): Promise<PostAccess> {
  const query = db
    .select({
      id: posts.id,
      userId: posts.userId,
      name: posts.name,
      likeCount: posts.likeCount,
      commentCount: posts.commentCount,
      viewCount: posts.viewCount,
      uniqueViewerCount: posts.uniqueViewerCount,
    })
    .from(posts)
    .where(and(eq(posts.id, postId), postVisibility.visibleTo(actor)))
    .limit(1);
  const [post] = options.lock ? await query.for(options.lock) : await query;
  if (!post) throw notFound();
  return post;
}
