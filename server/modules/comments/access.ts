// Finding a comment for a report or a moderator's decision: through its post's visibility (the posts
// policy) and its own, the comment row locked so concurrent reports and decisions count one after
// another.
import { MSG } from '../../../shared/messages';
import type { SignedInActor } from '../../actor';
import type { Executor } from '../../db/client';
import { notFound } from '../../errors';
import { authorizePost } from '../posts';
import { commentVisibility } from './policy';
import { lockCommentInPost } from './repo';

/**
 * The comment, row-locked, if the actor may `read` it (see it and its post) or `moderate` it (a
 * moderator, on a published post); else the policy's 404 or 403.
 */
export async function lockCommentFor(
  tx: Executor,
  actor: SignedInActor,
  action: 'read' | 'moderate',
  id: number,
) {
  const row = await lockCommentInPost(tx, id);
  if (!row) throw notFound();
  authorizePost(actor, action, row.post, MSG.errors.notFound);
  if (!commentVisibility.canSee(actor, row)) throw notFound();
  const { post: _post, ...comment } = row;
  return comment;
}
