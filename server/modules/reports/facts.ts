// The one query the report weighing is fed by (weight.ts): each open report on the given targets, with
// what its reporter's trust rests on and the target's last restore.
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReportReason, ReportTarget } from '../../../shared/moderation';
import type { Executor } from '../../db/client';
import { comments, moderationActions, posts, reports, users } from '../../db/schema';
import { commentVisibility } from '../comments';
import { postVisibility } from '../posts';
import {
  type ReportFacts,
  type TargetWeight,
  type WeighedReport,
  type WeightRules,
  weighReports,
} from './weight';

export type Target = { targetType: ReportTarget; targetId: number };

export type OpenReport = ReportFacts & Target & { reason: ReportReason; note: string | null };

const earlier = alias(reports, 'earlier');
const upheld = alias(reports, 'upheld');

/** Something of theirs the public sees: a published post or a comment moderation left up. */
const hasPublicContent = sql<boolean>`(exists (select 1 from ${posts} where ${posts.userId} = ${reports.reporterId} and ${postVisibility.visibleTo(null)})
  or exists (select 1 from ${comments} where ${comments.userId} = ${reports.reporterId} and ${commentVisibility.visibleTo(null)}))`;

/** Their reports moderators dismissed after the last one a moderator upheld (reports_reporter_decided_idx). */
const dismissalsSinceUpheld = sql<number>`(select count(*)::int from ${reports} as ${sql.identifier('earlier')}
  where ${earlier.reporterId} = ${reports.reporterId} and ${earlier.status} = 'dismissed'
  and ${earlier.decidedAt} > coalesce((select max(${upheld.decidedAt}) from ${reports} as ${sql.identifier('upheld')}
    where ${upheld.reporterId} = ${reports.reporterId} and ${upheld.status} = 'upheld'
    and ${upheld.decidedAt} is not null), '-infinity'::timestamptz))`;

/** The target's last restore by a moderator (moderation_actions_restore_idx). */
const restoredAt = sql<Date | null>`(select max(${moderationActions.createdAt}) from ${moderationActions}
  where ${moderationActions.action} = 'restore' and ${moderationActions.targetType} = ${reports.targetType}
  and ${moderationActions.targetId} = ${reports.targetId})`.mapWith(moderationActions.createdAt);

function ofTargets(targets: Target[]): SQL | undefined {
  const byType = new Map<ReportTarget, number[]>();
  for (const { targetType, targetId } of targets)
    byType.set(targetType, [...(byType.get(targetType) ?? []), targetId]);
  return or(
    ...[...byType].map(([type, ids]) => and(eq(reports.targetType, type), inArray(reports.targetId, ids))),
  );
}

export async function openReportFacts(db: Executor, targets: Target[]): Promise<OpenReport[]> {
  if (targets.length === 0) return [];
  const rows = await db
    .select({
      id: reports.id,
      targetType: reports.targetType,
      targetId: reports.targetId,
      reason: reports.reason,
      note: reports.note,
      createdAt: reports.createdAt,
      address: reports.address,
      accountCreatedAt: users.createdAt,
      signupAddress: users.signupAddress,
      deletedAt: users.deletedAt,
      hasPublicContent,
      dismissalsSinceUpheld,
      restoredAt,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(and(eq(reports.status, 'open'), ofTargets(targets)))
    .orderBy(asc(reports.createdAt), asc(reports.id));
  return rows.map((row) => ({
    id: row.id,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    note: row.note,
    createdAt: row.createdAt,
    address: row.address,
    reporter: {
      createdAt: row.accountCreatedAt,
      signupAddress: row.signupAddress,
      deleted: row.deletedAt !== null,
      hasPublicContent: Boolean(row.hasPublicContent),
      dismissalsSinceUpheld: Number(row.dismissalsSinceUpheld),
    },
    restoredAt: row.restoredAt,
  }));
}

export const targetKey = ({ targetType, targetId }: Target) => `${targetType}:${targetId}`;

export type WeighedTarget = Omit<TargetWeight, 'reports'> & {
  reports: Array<WeighedReport & Pick<OpenReport, 'reason' | 'note' | 'createdAt'>>;
};

/** The open reports of each target, weighed (weight.ts), by targetKey; a target with none is absent. */
export async function weighOpenReports(
  db: Executor,
  targets: Target[],
  rules: WeightRules,
  now: Date,
): Promise<Map<string, WeighedTarget>> {
  const byTarget = new Map<string, OpenReport[]>();
  for (const report of await openReportFacts(db, targets))
    byTarget.set(targetKey(report), [...(byTarget.get(targetKey(report)) ?? []), report]);
  const weighed = new Map<string, WeighedTarget>();
  for (const [key, open] of byTarget) {
    const result = weighReports(open, rules, now);
    const byId = new Map(open.map((report) => [report.id, report]));
    weighed.set(key, {
      ...result,
      reports: result.reports.map((r) => {
        const { reason, note, createdAt } = byId.get(r.id) as OpenReport;
        return { ...r, reason, note, createdAt };
      }),
    });
  }
  return weighed;
}

/** A deleted account's reports keep no address (issue 31's deletion; they weigh 0 from then on). */
export async function forgetReportAddressesOf(db: Executor, userId: number) {
  await db.update(reports).set({ address: null }).where(eq(reports.reporterId, userId));
}
