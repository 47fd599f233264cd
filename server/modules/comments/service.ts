// Comment rules (DESIGN §4): readable wherever the post is visible; a signed-in user comments on a post
// they can see; the author edits; the author or the post's owner deletes. comment_count moves in the
// same transaction as the row.
import type { CommentDto } from '../../../shared/api-types';
import type { Db, Executor } from '../../db/client';
import { notFound } from '../../errors';
import { findVisiblePost } from '../engagement-shared/post-access';
import { canSeePost } from '../posts/policy';
import type { PublicUser } from '../users/repo';
import { decodeCursor, encodeCursor } from './cursor';
import { authorizeComment, type CommentAction } from './policy';
import { presentComment } from './presenter';
import {
  addToCommentCount,
  type CommentInPost,
  deleteComment,
  findComment,
  insertComment,
  listComments,
  updateCommentContent,
} from './repo';

export const PAGE_SIZE = 50;

export async function commentsPage(db: Executor, postId: number, viewerId: number | null, cursor?: string) {
  const after = cursor ? decodeCursor(cursor) : undefined;
  const post = await findVisiblePost(db, postId, viewerId);
  const rows = await listComments(db, postId, PAGE_SIZE + 1, after);
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  const hasMore = rows.length > PAGE_SIZE;
  return {
    comments: page.map((row) => presentComment(row, row.authorName, post.userId, viewerId)),
    pagination: {
      nextCursor: hasMore && last ? encodeCursor({ position: last.position, id: last.id }) : null,
      hasMore,
      total: post.commentCount,
    },
  };
}

export async function countComments(db: Executor, postId: number, viewerId: number | null) {
  return (await findVisiblePost(db, postId, viewerId)).commentCount;
}

export async function createComment(
  db: Db,
  user: PublicUser,
  postId: number,
  content: string,
): Promise<CommentDto> {
  return db.transaction(async (tx) => {
    const post = await findVisiblePost(tx, postId, user.id, { lock: 'key share' });
    const row = await insertComment(tx, { postId, userId: user.id, content });
    await addToCommentCount(tx, postId, 1);
    return presentComment(row, user.name, post.userId, user.id);
  });
}

export async function editComment(
  db: Db,
  user: PublicUser,
  id: number,
  content: string,
): Promise<CommentDto> {
  const comment = await findActionable(db, user, id, 'edit');
  const row = await updateCommentContent(db, id, content);
  if (!row) throw notFound();
  return presentComment(row, comment.authorName, comment.postOwnerId, user.id);
}

export async function removeComment(db: Db, user: PublicUser, id: number): Promise<void> {
  await findActionable(db, user, id, 'delete');
  await db.transaction(async (tx) => {
    // A concurrent delete may have won: then there is nothing to count down, and the caller gets a 404.
    const postId = await deleteComment(tx, id);
    if (postId === undefined) throw notFound();
    await addToCommentCount(tx, postId, -1);
  });
}

/** The comment if it exists on a post the user can see (else 404) and the user may act on it (else 403). */
async function findActionable(
  db: Executor,
  user: PublicUser,
  id: number,
  action: CommentAction,
): Promise<CommentInPost> {
  const comment = await findComment(db, id);
  if (!comment || !canSeePost(user.id, { userId: comment.postOwnerId, isPublished: comment.postIsPublished }))
    throw notFound();
  authorizeComment(user.id, action, comment);
  return comment;
}
