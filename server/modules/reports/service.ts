// Reports (issue 11): a signed-in user flags a post or comment they can see, once per target. Each
// report weighs 1 from an account younger than 7 days and 2 from an older one; when a target's open
// reports reach config.trust.reportHideWeight it is hidden pending review (state 'pending') until a
// moderator hides it for good or restores it (which dismisses the reports: modules/moderation).

import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '../../../shared/messages';
import type { ModerationState, ReportReason, ReportTarget } from '../../../shared/moderation';
import type { SignedInActor } from '../../actor';
import type { Executor } from '../../db/client';
import { reports, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { forbidden } from '../../errors';
import { DAY_MS } from '../../infra/clock';
import { lockCommentFor } from '../comments';
import { lockMessageFor } from '../conversations';
import { loadPostFor } from '../posts';
import { recordAction, setCommentState, setPostState } from '../safety';

/** Accounts at least this old report with weight 2. */
export const TRUSTED_REPORTER_DAYS = 7;

export interface ReportInput {
  targetType: ReportTarget;
  targetId: number;
  reason: ReportReason;
  note?: string | null;
}

/** Files a report; `created: false` when this user had already reported the target (nothing changes). */
export async function fileReport(deps: Deps, actor: SignedInActor, input: ReportInput) {
  const { database, clock, config } = deps;
  const outcome = await database.db.transaction(async (tx) => {
    // The target's row is locked, so concurrent reports add up one after another and the one that
    // crosses the threshold is the one that hides it.
    const target = await lockVisibleTarget(tx, actor, input);
    if (target.userId === actor.id)
      throw forbidden(
        input.targetType === 'post'
          ? MSG.reports.ownPost
          : input.targetType === 'message'
            ? MSG.reports.ownMessage
            : MSG.reports.ownComment,
      );
    const weight = await reporterWeight(tx, actor.id, clock.now());
    const [inserted] = await tx
      .insert(reports)
      .values({ ...input, note: input.note ?? null, reporterId: actor.id, weight })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (!inserted) return { created: false, hidden: false };
    // A message has one reader who can report it: it goes to the review queue, never hidden by weight.
    if (input.targetType === 'message') return { created: true, hidden: false };
    const total = await openWeight(tx, input);
    if (total < config.trust.reportHideWeight || target.moderation !== 'visible')
      return { created: true, hidden: false };
    const change = { reviewed: false, now: clock.now() };
    if (input.targetType === 'post') await setPostState(tx, target, 'pending', change);
    else await setCommentState(tx, { ...target, postId: target.postId }, 'pending', change);
    await recordAction(tx, {
      action: 'auto-hide',
      moderatorId: null,
      targetType: input.targetType,
      targetId: input.targetId,
      subjectUserId: target.userId,
      reason: `Reports reached weight ${total}.`,
    });
    return { created: true, hidden: true };
  });
  return outcome;
}

type LockedTarget = {
  id: number;
  postId: number;
  userId: number;
  moderation: ModerationState;
  authorSuspended: boolean;
};

/** The target, row-locked, if the actor can see it; else a 404 (as for every hidden thing). */
async function lockVisibleTarget(
  tx: Executor,
  actor: SignedInActor,
  input: ReportInput,
): Promise<LockedTarget> {
  if (input.targetType === 'comment') return lockCommentFor(tx, actor, 'read', input.targetId);
  if (input.targetType === 'message') {
    // Only its two people can see a message, so only its recipient can report it (issue 32).
    const message = await lockMessageFor(tx, actor, 'read', input.targetId);
    return {
      id: message.id,
      postId: message.postId,
      userId: message.senderId,
      moderation: message.moderation,
      authorSuspended: false,
    };
  }
  const post = await loadPostFor(tx, actor, 'read', { id: input.targetId }, { forUpdate: true });
  return { ...post, postId: post.id };
}

async function reporterWeight(tx: Executor, userId: number, now: Date): Promise<number> {
  const [user] = await tx.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  const ageMs = now.getTime() - (user?.createdAt.getTime() ?? now.getTime());
  return ageMs >= TRUSTED_REPORTER_DAYS * DAY_MS ? 2 : 1;
}

async function openWeight(tx: Executor, { targetType, targetId }: ReportInput): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${reports.weight}), 0)::int` })
    .from(reports)
    .where(
      and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'open')),
    );
  return row?.total ?? 0;
}
