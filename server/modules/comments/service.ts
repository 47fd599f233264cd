// Comment rules (DESIGN §4): readable wherever the post is visible; a signed-in user comments on a post
// they can see; the author edits; the author or the post's owner deletes. comment_count moves in the
// same transaction as the row.
import type { CommentDto } from '../../../shared/api-types';
import type { Actor, SignedInActor } from '../../actor';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import { raiseNotification } from '../notifications';
import { postVisibility, requireVisiblePost } from '../posts';
import { checkFirstDayLimit, closeReports, detectScamSignals } from '../safety';
import { authorizeComment, type CommentAction, commentVisibility, isPublicComment } from './policy';
import { presentComment } from './presenter';
import {
  addToCommentCount,
  type CommentInPost,
  deleteComment,
  findComment,
  insertComment,
  updateCommentContent,
} from './repo';

type DatabaseDeps = Pick<Deps, 'database'>;

export async function countComments({ database }: DatabaseDeps, postId: number, actor: Actor) {
  return (await requireVisiblePost(database.db, postId, actor)).commentCount;
}

export async function createComment(
  deps: Pick<Deps, 'database' | 'config' | 'clock' | 'live'>,
  actor: SignedInActor,
  authorName: string,
  postId: number,
  content: string,
): Promise<CommentDto> {
  const { comment, hinted } = await deps.database.db.transaction(async (tx) => {
    const post = await requireVisiblePost(tx, postId, actor, { lock: 'key share' });
    await checkFirstDayLimit(deps, tx, actor.id, 'comments');
    const row = await insertComment(tx, {
      postId,
      userId: actor.id,
      content,
      scamSignals: detectScamSignals(content),
    });
    await addToCommentCount(tx, postId, 1);
    // The post's owner hears of it (not of their own, nor from someone either of them blocked).
    const hinted = await raiseNotification(
      tx,
      {
        userId: post.userId,
        kind: 'comment',
        groupKey: `comment:${row.id}`,
        mode: 'once',
        postId,
        subject: post.name,
        link: `/posts/${postId}`,
        actors: [{ id: actor.id, name: authorName }],
      },
      deps.clock.now(),
    );
    return { comment: presentComment(row, authorName, post.userId, actor), hinted };
  });
  deps.live.hint(hinted);
  return comment;
}

export async function editComment(
  { database }: DatabaseDeps,
  actor: SignedInActor,
  id: number,
  content: string,
): Promise<CommentDto> {
  const comment = await findActionable(database.db, actor, id, 'edit');
  const scamSignals = detectScamSignals(content);
  // New warnings put a reviewed comment back in the moderators' queue.
  const reviewedAt = scamSignals.join() === comment.scamSignals.join() ? comment.reviewedAt : null;
  const row = await updateCommentContent(database.db, id, { content, scamSignals, reviewedAt });
  if (!row) throw notFound();
  return presentComment(row, comment.authorName, comment.post.userId, actor);
}

export async function removeComment({ database }: DatabaseDeps, actor: SignedInActor, id: number) {
  await findActionable(database.db, actor, id, 'delete');
  await database.db.transaction(async (tx) => {
    // A concurrent delete may have won: then there is nothing to count down, and the caller gets a 404.
    const removed = await deleteComment(tx, id);
    if (removed === undefined) throw notFound();
    // The count is of public comments: one moderation kept back was never in it.
    if (isPublicComment(removed)) await addToCommentCount(tx, removed.postId, -1);
    // Nothing is left to decide on: its reports leave the queue.
    await closeReports(tx, { targetType: 'comment', targetId: id }, 'dismissed', null);
  });
}

/** The comment if it is on a post the actor can see (else 404) and the actor may act on it (else 403). */
async function findActionable(
  db: Executor,
  actor: SignedInActor,
  id: number,
  action: CommentAction,
): Promise<CommentInPost> {
  const comment = await findComment(db, id);
  if (!comment || !postVisibility.canSee(actor, comment.post) || !commentVisibility.canSee(actor, comment))
    throw notFound();
  authorizeComment(actor, action, { userId: comment.userId, postOwnerId: comment.post.userId });
  return comment;
}
