// The moderators' decisions (issue 11): hide or restore a post or comment, suspend or reinstate an
// account, change a role, and read the audit log. Every decision is one transaction that changes the
// row, closes the reports and writes the log (transitions.ts).
import { desc, eq } from 'drizzle-orm';
import { MSG } from '../../../shared/messages';
import type { ModerationState, ReportTarget } from '../../../shared/moderation';
import type { Role } from '../../../shared/roles';
import type { SignedInActor } from '../../actor';
import type { Executor } from '../../db/client';
import { decodeCursor, encodeCursor, olderThan, positionOf } from '../../db/keyset';
import { moderationActions, posts, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { badRequest, forbidden, notFound } from '../../errors';
import { lockCommentFor } from '../comments';
import { lockMessageFor, setMessageState } from '../conversations';
import { type ModerationNews, type NewNotification, raiseNotifications } from '../notifications';
import { loadPostFor } from '../posts';
import {
  closeReports,
  isListedModerator,
  recordAction,
  setCommentState,
  setPostState,
  setSuspended,
} from '../safety';

export type Decision = 'hide' | 'restore';

const stateAfter: Record<Decision, ModerationState> = { hide: 'removed', restore: 'visible' };

interface LockedContent {
  userId: number;
  /** What its owner and reporters are told of (a post's or comment's moderation; none for a message). */
  news?: { kind: 'post' | 'comment'; postId: number; subject: string };
  /** Changes the state; answers the users whose live streams must look after the commit. */
  setState(state: ModerationState, now: Date): Promise<number[] | undefined>;
}

/**
 * How each kind of content is found (row-locked, through the posts policy's 'moderate': 404 for a
 * draft, which is its owner's alone, moderators included) and how its state is changed.
 */
const contentKinds: Record<
  ReportTarget,
  { lock(tx: Executor, actor: SignedInActor, id: number, deps: Deps): Promise<LockedContent> }
> = {
  post: {
    async lock(tx, actor, id) {
      const post = await loadPostFor(tx, actor, 'moderate', { id }, { forUpdate: true });
      return {
        userId: post.userId,
        news: { kind: 'post', postId: post.id, subject: post.name },
        setState: (state, now) =>
          setPostState(tx, post, state, { reviewed: true, now }).then(() => undefined),
      };
    },
  },
  comment: {
    async lock(tx, actor, id) {
      const comment = await lockCommentFor(tx, actor, 'moderate', id);
      return {
        userId: comment.userId,
        news: { kind: 'comment', postId: comment.postId, subject: await postName(tx, comment.postId) },
        setState: (state, now) =>
          setCommentState(tx, comment, state, { reviewed: true, now }).then(() => undefined),
      };
    },
  },
  // A message (issue 32): hidden from its recipient, or released to them when it was held.
  message: {
    async lock(tx, actor, id, deps) {
      const message = await lockMessageFor(tx, actor, 'moderate', id);
      return {
        userId: message.senderId,
        setState: (state) => setMessageState(deps, tx, message, state === 'visible' ? 'visible' : 'removed'),
      };
    },
  },
};

/** Hides or restores a post or comment: its state, its open reports and the log, in one transaction. */
export async function moderateContent(
  deps: Deps,
  actor: SignedInActor,
  target: { targetType: ReportTarget; targetId: number },
  decision: Decision,
  reason: string | null,
) {
  const now = deps.clock.now();
  const state = stateAfter[decision];
  const notify = await deps.database.db.transaction(async (tx) => {
    const content = await contentKinds[target.targetType].lock(tx, actor, target.targetId, deps);
    notOwnContent(actor, content.userId);
    const notify = (await content.setState(state, now)) ?? [];
    const reporters = await closeReports(tx, target, decision === 'hide' ? 'upheld' : 'dismissed', now);
    if (content.news)
      notify.push(
        ...(await tellOfDecision(
          tx,
          content.userId,
          { ...content.news, targetId: target.targetId },
          decision,
          reporters,
          now,
        )),
      );
    await recordAction(tx, {
      ...target,
      action: decision,
      moderatorId: actor.id,
      subjectUserId: content.userId,
      reason,
      at: now,
    });
    return notify;
  });
  deps.live.hint(notify);
  return state;
}

async function postName(tx: Executor, postId: number): Promise<string> {
  const [row] = await tx.select({ name: posts.name }).from(posts).where(eq(posts.id, postId));
  return row?.name ?? '';
}

/** The owner hears their post or comment was hidden or restored; those who reported it, that it was hidden. */
function tellOfDecision(
  tx: Executor,
  ownerId: number,
  news: NonNullable<LockedContent['news']> & { targetId: number },
  decision: Decision,
  reporters: number[],
  now: Date,
) {
  const detail: ModerationNews = `${news.kind}-${decision === 'hide' ? 'hidden' : 'restored'}`;
  const at = now.getTime();
  const owner: NewNotification = {
    userId: ownerId,
    kind: 'moderation',
    groupKey: `moderation:${detail}:${news.targetId}:${at}`,
    mode: 'once',
    postId: news.postId,
    subject: news.subject,
    detail,
    link: `/posts/${news.postId}`,
  };
  const thanked: NewNotification[] =
    decision === 'hide'
      ? reporters.map((userId) => ({
          userId,
          kind: 'moderation',
          groupKey: `moderation:report-acted:${news.kind}:${news.targetId}:${at}`,
          mode: 'once',
          postId: news.postId,
          subject: news.subject,
          detail: 'report-acted',
          link: '/home',
        }))
      : [];
  return raiseNotifications(tx, [owner, ...thanked], now);
}

/**
 * The account a moderator acts on: it must exist, not be their own (no locking oneself out), and not
 * be a moderator the configuration names (the root of trust: only the server's operator changes those).
 */
async function otherAccount(deps: Deps, actor: SignedInActor, id: number) {
  if (id === actor.id) throw forbidden(MSG.moderation.notYourself);
  const [user] = await deps.database.db
    .select({ id: users.id, email: users.email, role: users.role, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, id));
  if (!user) throw notFound();
  if (isListedModerator(deps.config, user.email)) throw forbidden(MSG.moderation.listedModerator);
  return user;
}

/** A moderator does not decide on their own posts and comments (another moderator does). */
function notOwnContent(actor: SignedInActor, authorId: number) {
  if (authorId === actor.id) throw forbidden(MSG.moderation.notYourself);
}

export async function setAccountSuspended(
  deps: Deps,
  actor: SignedInActor,
  id: number,
  suspend: boolean,
  reason: string | null,
) {
  const user = await otherAccount(deps, actor, id);
  if ((user.suspendedAt !== null) !== suspend) {
    await deps.database.db.transaction(async (tx) => {
      await setSuspended(tx, id, suspend, deps.clock.now());
      await recordAction(tx, {
        action: suspend ? 'suspend' : 'reinstate',
        moderatorId: actor.id,
        targetType: 'user',
        targetId: id,
        subjectUserId: id,
        reason,
      });
    });
  }
  return suspend ? 'suspended' : 'active';
}

export async function setAccountRole(
  deps: Deps,
  actor: SignedInActor,
  id: number,
  role: Role,
  reason: string | null,
) {
  const user = await otherAccount(deps, actor, id);
  if (user.role !== role) {
    await deps.database.db.transaction(async (tx) => {
      await tx.update(users).set({ role }).where(eq(users.id, id));
      await recordAction(tx, {
        action: 'set-role',
        moderatorId: actor.id,
        targetType: 'user',
        targetId: id,
        subjectUserId: id,
        reason: reason ? `${role}: ${reason}` : role,
      });
    });
  }
  return role;
}

export const ACTIONS_PAGE = 50;
export const INVALID_CURSOR = 'Invalid cursor';

/** The audit log, newest first, keyset-paginated. */
export async function listActions({ database }: Pick<Deps, 'database'>, cursor?: string) {
  const after = cursor ? decodeCursor(cursor) : undefined;
  if (cursor && !after) throw badRequest(INVALID_CURSOR, { cursor: INVALID_CURSOR });
  const rows = await database.db
    .select({
      id: moderationActions.id,
      action: moderationActions.action,
      targetType: moderationActions.targetType,
      targetId: moderationActions.targetId,
      reason: moderationActions.reason,
      createdAt: moderationActions.createdAt,
      position: positionOf(moderationActions.createdAt),
      moderatorId: moderationActions.moderatorId,
      moderatorName: users.name,
    })
    .from(moderationActions)
    .leftJoin(users, eq(users.id, moderationActions.moderatorId))
    .where(after ? olderThan(moderationActions.createdAt, moderationActions.id, after) : undefined)
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(ACTIONS_PAGE + 1);
  const page = rows.slice(0, ACTIONS_PAGE);
  const last = page.at(-1);
  return {
    actions: page.map((row) => ({
      id: row.id,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
      moderator:
        row.moderatorId !== null && row.moderatorName !== null
          ? { id: row.moderatorId, name: row.moderatorName }
          : null,
    })),
    nextCursor: rows.length > ACTIONS_PAGE && last ? encodeCursor({ at: last.position, id: last.id }) : null,
  };
}
