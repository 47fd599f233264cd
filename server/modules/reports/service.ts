// Reports (issue 11): a signed-in user flags a post or comment they can see, once per target. What the
// target's open reports weigh is weight.ts's rule (issue 36: trust, one voice per person, a restore
// holds); when it reaches config.trust.reportHideWeight the target is hidden pending review (state
// 'pending') until a moderator hides it for good or restores it (which dismisses the reports:
// modules/moderation).

import { eq } from 'drizzle-orm';
import { MSG } from '../../../shared/messages';
import type { ModerationState, ReportReason, ReportTarget } from '../../../shared/moderation';
import type { SignedInActor } from '../../actor';
import type { Executor } from '../../db/client';
import { reports } from '../../db/schema';
import type { Deps } from '../../deps';
import { forbidden } from '../../errors';
import { lockCommentFor } from '../comments';
import { lockMessageFor } from '../conversations';
import { loadPostFor } from '../posts';
import { recordAction, setCommentState, setPostState } from '../safety';
import { targetKey, weighOpenReports } from './facts';

export interface ReportInput {
  targetType: ReportTarget;
  targetId: number;
  reason: ReportReason;
  note?: string | null;
}

/**
 * Files a report from the client address `ip`; `created: false` when this user had already reported
 * the target (nothing changes).
 */
export async function fileReport(deps: Deps, actor: SignedInActor, input: ReportInput, ip: string) {
  const { database, clock, config } = deps;
  const now = clock.now();
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
    const [inserted] = await tx
      .insert(reports)
      .values({
        ...input,
        note: input.note ?? null,
        reporterId: actor.id,
        weight: 0,
        address: deps.addressKeys.of(ip),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (!inserted) return { created: false, hidden: false };
    const weighed = (await weighOpenReports(tx, [input], config.trust, now)).get(targetKey(input));
    const weight = weighed?.reports.find((r) => r.id === inserted.id)?.weight ?? 0;
    // Kept as filed, for the record; the queue and the next report weigh the open ones again.
    if (weight !== 0) await tx.update(reports).set({ weight }).where(eq(reports.id, inserted.id));
    const total = weighed?.total ?? 0;
    // A message has one reader who can report it: it goes to the review queue, never hidden by weight.
    // A target a moderator restored lately waits in the queue too ('reported again after a restore').
    if (
      input.targetType === 'message' ||
      weighed?.immune ||
      total < config.trust.reportHideWeight ||
      target.moderation !== 'visible'
    )
      return { created: true, hidden: false };
    const change = { reviewed: false, now };
    if (input.targetType === 'post') await setPostState(tx, target, 'pending', change);
    else await setCommentState(tx, { ...target, postId: target.postId }, 'pending', change);
    await recordAction(tx, {
      action: 'auto-hide',
      moderatorId: null,
      targetType: input.targetType,
      targetId: input.targetId,
      subjectUserId: target.userId,
      reason: `Reports reached weight ${total}.`,
      at: now,
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
