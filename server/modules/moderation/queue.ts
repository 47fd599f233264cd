// GET /api/moderation/queue: what waits for a moderator, most urgent first. Candidates come from two
// small, indexed sets (rows needing review: the partial *_review_idx indexes; targets with open
// reports: reports_open_idx), never from a scan of every post. Each item carries its open reports and
// its author's history, so a decision needs no second screen.

import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { QueueItem } from '../../../shared/api-types';
import type { ModerationState, ReportTarget } from '../../../shared/moderation';
import type { Executor } from '../../db/client';
import { comments, moderationActions, needsReview, posts, reports, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { DAY_MS } from '../../infra/clock';
import { commentVisibility } from '../comments';
import { messagesBefore, messagesForReview } from '../conversations';
import { postVisibility } from '../posts';
import { targetKey, type WeighedTarget, weighOpenReports } from '../reports';
import { safetyWarningFor } from '../safety';

/** Candidates read per kind: far more than a moderator works through in one sitting. */
const CANDIDATES = 500;
const HISTORY = 5;
const EXCERPT = 1000;

/** Hidden by reports first, then held copies, then by report weight, then warned, oldest first. */
const STATE_URGENCY: Record<ModerationState, number> = { pending: 3, held: 2, visible: 0, removed: 0 };

type Candidate = Omit<QueueItem, 'reports' | 'author' | 'reportWeight' | 'context'> & {
  userId: number;
  /** A message's conversation (its context is read from it). */
  conversationId?: number;
};

export async function moderationQueue(
  { database, clock, config }: Pick<Deps, 'database' | 'clock' | 'config'>,
  limit: number,
) {
  const db = database.db;
  const now = clock.now();
  const targets = await reportedTargets(db);
  // Weighed by the rule that hides (modules/reports/weight.ts), with each report's reason.
  const weighed = await weighOpenReports(db, targets, config.trust, now);
  const weightOf = (targetType: ReportTarget, targetId: number) =>
    weighed.get(targetKey({ targetType, targetId }))?.total ?? 0;
  const reported = (type: ReportTarget) =>
    targets.filter((target) => target.targetType === type).map((target) => target.targetId);

  const candidates = [
    ...(await postCandidates(db, reported('post'))),
    ...(await commentCandidates(db, reported('comment'))),
    ...(await messageCandidates(db, reported('message'))),
  ];
  const ranked = candidates
    .map((item) => ({ ...item, reportWeight: weightOf(item.targetType, item.id) }))
    .sort(
      (a, b) =>
        STATE_URGENCY[b.state] - STATE_URGENCY[a.state] ||
        b.reportWeight - a.reportWeight ||
        Number(b.safetyWarning !== null) - Number(a.safetyWarning !== null) ||
        a.createdAt.localeCompare(b.createdAt) ||
        a.id - b.id,
    )
    .slice(0, limit);

  const authors = await authorHistories(db, [...new Set(ranked.map((item) => item.userId))], now);
  const contexts = await messageContexts(db, ranked);
  const items: QueueItem[] = ranked.flatMap(({ userId, conversationId: _c, ...item }) => {
    const author = authors.get(userId);
    if (!author) return [];
    const context = contexts.get(item.id);
    return [
      {
        ...item,
        reports: reportsOf(item, weighed.get(targetKey({ targetType: item.targetType, targetId: item.id }))),
        author,
        ...(item.targetType === 'message' && context ? { context } : {}),
      },
    ];
  });
  return { items };
}

/** Held and reported messages (issue 32): the text, and the post the conversation is about as title. */
async function messageCandidates(db: Executor, reportedIds: number[]): Promise<Candidate[]> {
  const rows = await messagesForReview(db, reportedIds, CANDIDATES);
  return rows.map(({ message, conversation, postName }) => ({
    targetType: 'message' as const,
    id: message.id,
    postId: conversation.postId,
    userId: message.senderId,
    conversationId: conversation.id,
    state: message.moderation,
    title: postName,
    text: excerpt(message.body),
    safetyWarning: safetyWarningFor(message.scamSignals),
    createdAt: message.createdAt.toISOString(),
  }));
}

/** For each message in the queue, the 10 messages before it, oldest first: all a moderator sees of it. */
async function messageContexts(db: Executor, items: Array<Candidate & { conversationId?: number }>) {
  const contexts = new Map<number, NonNullable<QueueItem['context']>>();
  for (const item of items) {
    if (item.targetType !== 'message' || item.conversationId === undefined) continue;
    const before = await messagesBefore(db, item.conversationId, item.id, 10);
    contexts.set(
      item.id,
      before.map((m) => ({
        id: m.id,
        from: m.senderId === item.userId ? ('author' as const) : ('other' as const),
        body: m.body,
        sentAt: m.createdAt.toISOString(),
      })),
    );
  }
  return contexts;
}

/** Targets with open reports, the most reported first (reports_open_idx), bounded. */
async function reportedTargets(db: Executor) {
  return db
    .select({ targetType: reports.targetType, targetId: reports.targetId })
    .from(reports)
    .where(eq(reports.status, 'open'))
    .groupBy(reports.targetType, reports.targetId)
    .orderBy(desc(count()), desc(sql`max(${reports.createdAt})`))
    .limit(CANDIDATES * 2);
}

/** Hidden and held rows before merely warned ones, oldest first: what the candidate limit keeps. */
const urgentFirst = (t: typeof posts | typeof comments) => [
  desc(sql`${t.moderation} in ('pending', 'held')`),
  asc(t.createdAt),
];

const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text);

type CandidateRow = {
  id: number;
  postId: number;
  userId: number;
  state: ModerationState;
  title: string;
  text: string;
  scamSignals: string[];
  createdAt: Date;
};

/** The rows needing review (most urgent first, bounded) and the reported ones, each once. */
function candidatesOf(
  targetType: ReportTarget,
  review: CandidateRow[],
  reported: CandidateRow[],
): Candidate[] {
  return dedupe([...review, ...reported]).map(({ scamSignals, text, createdAt, ...row }) => ({
    ...row,
    targetType,
    text: excerpt(text),
    safetyWarning: safetyWarningFor(scamSignals),
    createdAt: createdAt.toISOString(),
  }));
}

async function postCandidates(db: Executor, reportedIds: number[]): Promise<Candidate[]> {
  const columns = {
    id: posts.id,
    postId: posts.id,
    userId: posts.userId,
    state: posts.moderation,
    title: posts.name,
    text: posts.details,
    scamSignals: posts.scamSignals,
    createdAt: posts.createdAt,
  };
  const live = postVisibility.reviewable;
  const base = () => db.select(columns).from(posts);
  const [review, reported] = await Promise.all([
    base()
      .where(and(needsReview(posts), live))
      .orderBy(...urgentFirst(posts))
      .limit(CANDIDATES),
    reportedIds.length === 0 ? [] : base().where(and(inArray(posts.id, reportedIds), live)),
  ]);
  return candidatesOf('post', review, reported);
}

async function commentCandidates(db: Executor, reportedIds: number[]): Promise<Candidate[]> {
  const columns = {
    id: comments.id,
    postId: comments.postId,
    userId: comments.userId,
    state: comments.moderation,
    title: posts.name,
    text: comments.content,
    scamSignals: comments.scamSignals,
    createdAt: comments.createdAt,
  };
  const live = and(postVisibility.published, commentVisibility.reviewable);
  const base = () => db.select(columns).from(comments).innerJoin(posts, eq(posts.id, comments.postId));
  const [review, reported] = await Promise.all([
    base()
      .where(and(needsReview(comments), live))
      .orderBy(...urgentFirst(comments))
      .limit(CANDIDATES),
    reportedIds.length === 0 ? [] : base().where(and(inArray(comments.id, reportedIds), live)),
  ]);
  return candidatesOf('comment', review, reported);
}

function dedupe<T extends { id: number }>(rows: T[]): T[] {
  return [...new Map(rows.map((row) => [row.id, row])).values()];
}

/**
 * A post's or comment's open reports as the queue shows them: heaviest first, each with why it weighs
 * what it does. A message's reporter is its one reader: their report is not listed (its context is).
 */
function reportsOf(
  item: { targetType: ReportTarget },
  weighed: WeighedTarget | undefined,
): QueueItem['reports'] {
  if (item.targetType === 'message' || !weighed) return [];
  return [...weighed.reports]
    .sort((a, b) => b.weight - a.weight || a.createdAt.getTime() - b.createdAt.getTime())
    .map((report) => ({
      reason: report.reason,
      note: report.note,
      weight: report.weight,
      weighed: report.why,
      afterRestore: report.afterRestore,
      createdAt: report.createdAt.toISOString(),
    }));
}

async function authorHistories(db: Executor, userIds: number[], now: Date) {
  const histories = new Map<number, QueueItem['author']>();
  if (userIds.length === 0) return histories;
  const [people, postCounts, commentCounts, actions] = await Promise.all([
    db.select().from(users).where(inArray(users.id, userIds)),
    db
      .select({ userId: posts.userId, n: count() })
      .from(posts)
      .where(inArray(posts.userId, userIds))
      .groupBy(posts.userId),
    db
      .select({ userId: comments.userId, n: count() })
      .from(comments)
      .where(inArray(comments.userId, userIds))
      .groupBy(comments.userId),
    db
      .select({
        userId: moderationActions.subjectUserId,
        action: moderationActions.action,
        createdAt: moderationActions.createdAt,
      })
      .from(moderationActions)
      .where(inArray(moderationActions.subjectUserId, userIds))
      .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
      .limit(CANDIDATES * 2),
  ]);
  const countOf = (rows: { userId: number; n: number }[], id: number) =>
    rows.find((r) => r.userId === id)?.n ?? 0;
  for (const person of people) {
    histories.set(person.id, {
      id: person.id,
      name: person.name,
      role: person.role,
      memberSince: person.createdAt.toISOString(),
      accountAgeDays: Math.max(0, Math.floor((now.getTime() - person.createdAt.getTime()) / DAY_MS)),
      suspended: person.suspendedAt !== null,
      postCount: countOf(postCounts, person.id),
      commentCount: countOf(commentCounts, person.id),
      previousActions: actions
        .filter((a) => a.userId === person.id)
        .slice(0, HISTORY)
        .map((a) => ({ action: a.action, createdAt: a.createdAt.toISOString() })),
    });
  }
  return histories;
}
