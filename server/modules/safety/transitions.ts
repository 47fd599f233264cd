// The moderation state changes of posts, comments and accounts, and the audit log they write. The
// report threshold, the copy-paste hold and the moderators' calls all change state through here, so
// the comment counters and the log can never disagree with the rows.
import { and, eq, sql } from 'drizzle-orm';
import type { ModerationActionName, ModerationState } from '../../../shared/moderation';
import type { Executor } from '../../db/client';
import {
  comments,
  moderationActions,
  postRowColumns,
  posts,
  reports,
  sessions,
  users,
} from '../../db/schema';

/** A post's row as loaded for a write (posts/access.ts has the same; safety sits below the posts module). */
type PostRecord = Omit<typeof posts.$inferSelect, 'searchVector'>;

type Target = { targetType: 'post' | 'comment' | 'message' | 'user'; targetId: number };

/**
 * One line of the audit log; `moderatorId` null for the automatic actions. `at` is the app clock's time
 * where the time matters to a rule (a restore holds for RESTORED_IMMUNITY_DAYS); else the database's.
 */
export async function recordAction(
  tx: Executor,
  entry: Target & {
    action: ModerationActionName;
    moderatorId: number | null;
    subjectUserId: number;
    reason?: string | null;
    at?: Date;
  },
) {
  const { at, ...values } = entry;
  await tx
    .insert(moderationActions)
    .values({ ...values, reason: entry.reason ?? null, ...(at ? { createdAt: at } : {}) });
}

/**
 * Closes a target's open reports: 'upheld' when it was hidden, 'dismissed' when it was restored.
 * `decidedAt` is the moderator's decision time, null when no moderator judged them (a deleted
 * comment): a reporter's dismissals count against their reports' weight (modules/reports/weight.ts).
 * Answers who had reported it (told when their report was acted on).
 */
export async function closeReports(
  tx: Executor,
  { targetType, targetId }: { targetType: 'post' | 'comment' | 'message'; targetId: number },
  status: 'upheld' | 'dismissed',
  decidedAt: Date | null,
): Promise<number[]> {
  const closed = await tx
    .update(reports)
    .set({ status, decidedAt })
    .where(
      and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'open')),
    )
    .returning({ reporterId: reports.reporterId });
  return closed.map((row) => row.reporterId);
}

/** Copy-paste text: published but held for a moderator (modules/safety/copy-paste.ts). */
export async function holdPost(tx: Executor, post: PostRecord): Promise<PostRecord> {
  const [row] = await tx
    .update(posts)
    .set({ moderation: 'held' })
    .where(eq(posts.id, post.id))
    .returning(postRowColumns);
  await recordAction(tx, {
    action: 'hold',
    moderatorId: null,
    targetType: 'post',
    targetId: post.id,
    subjectUserId: post.userId,
    reason: 'The same text was published by other accounts within 24 hours.',
  });
  return row ?? post;
}

/**
 * Sets a post's moderation state. `reviewed` marks a moderator's decision (a warned post leaves the
 * queue); approving a held post publishes it now, at the top of the feeds, as if it had just gone out.
 */
export async function setPostState(
  tx: Executor,
  post: { id: number; moderation: ModerationState },
  state: ModerationState,
  { reviewed, now }: { reviewed: boolean; now: Date },
) {
  await tx
    .update(posts)
    .set({
      moderation: state,
      ...(reviewed ? { reviewedAt: now } : {}),
      ...(post.moderation === 'held' && state === 'visible' ? { publishedAt: now } : {}),
    })
    .where(eq(posts.id, post.id));
}

/**
 * Sets a comment's moderation state, and moves its post's comment_count when the comment starts or
 * stops being public (the count is what readers see: public comments only).
 */
export async function setCommentState(
  tx: Executor,
  comment: { id: number; postId: number; moderation: ModerationState; authorSuspended: boolean },
  state: ModerationState,
  { reviewed, now }: { reviewed: boolean; now: Date },
) {
  await tx
    .update(comments)
    .set({ moderation: state, ...(reviewed ? { reviewedAt: now } : {}) })
    .where(eq(comments.id, comment.id));
  if (comment.authorSuspended) return;
  const wasPublic = comment.moderation === 'visible';
  const isPublic = state === 'visible';
  if (wasPublic === isPublic) return;
  await tx
    .update(posts)
    .set({ commentCount: sql`greatest(${posts.commentCount} + ${isPublic ? 1 : -1}, 0)` })
    .where(eq(posts.id, comment.postId));
}

/**
 * Suspends or reinstates an account: its sessions end (on suspend), and its posts and comments leave
 * (or return to) every public view. Comment counts move by the author's public comments on each post.
 */
export async function setSuspended(tx: Executor, userId: number, suspended: boolean, now: Date) {
  await tx
    .update(users)
    .set({ suspendedAt: suspended ? now : null })
    .where(eq(users.id, userId));
  if (suspended) {
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    // A suspended account's reports stop counting (a sybil ring cannot hide honest posts after the fact).
    await tx
      .update(reports)
      .set({ status: 'dismissed' })
      .where(and(eq(reports.reporterId, userId), eq(reports.status, 'open')));
  }
  await tx.update(posts).set({ authorSuspended: suspended }).where(eq(posts.userId, userId));
  // Flip the comments first and count only the rows this statement changed: a comment deleted or
  // hidden concurrently is then never counted twice.
  const changed = await tx
    .update(comments)
    .set({ authorSuspended: suspended })
    .where(and(eq(comments.userId, userId), eq(comments.authorSuspended, !suspended)))
    .returning({ postId: comments.postId, moderation: comments.moderation });
  const perPost = new Map<number, number>();
  for (const row of changed)
    if (row.moderation === 'visible') perPost.set(row.postId, (perPost.get(row.postId) ?? 0) + 1);
  for (const [postId, n] of perPost)
    await tx
      .update(posts)
      .set({ commentCount: sql`greatest(${posts.commentCount} + ${suspended ? -n : n}, 0)` })
      .where(eq(posts.id, postId));
}
