// What a target's open reports weigh toward hiding it, and why (issue 36, decision 014): the one rule,
// used by the hide decision (service.ts) and by the moderation queue, fed by one query (facts.ts).
//  - Weight follows trust: an account younger than REPORT_MIN_ACCOUNT_HOURS when it reported weighs 0;
//    one whose reports moderators dismissed 3 times since the last they upheld weighs 0; one older than
//    7 days with something of its own that stayed public weighs 2; any other weighs 1.
//  - One person, one voice: reports from accounts that signed up on one address within 24 hours of each
//    other, or sent from one address within an hour of each other, count as the largest of them, once.
//  - A moderator's decision holds: within RESTORED_IMMUNITY_DAYS of a restore, reports cannot hide it.
import type { ReportWeightReason } from '../../../shared/moderation';
import { DAY_MS } from '../../infra/clock';

const HOUR_MS = 3_600_000;
/** Accounts older than this, with something public of their own, weigh 2. */
export const ESTABLISHED_DAYS = 7;
/** Dismissed reports (since the reporter's last upheld one) after which their reports weigh 0. */
export const DISMISSALS_WITHOUT_WEIGHT = 3;
/** Accounts signed up on one address within this of each other are one voice on a target. */
const SAME_SIGNUP_MS = 24 * HOUR_MS;
/** Reports sent from one address within this of each other are one voice on a target. */
const SAME_SEND_MS = HOUR_MS;

/** One open report as the weighing reads it (facts.ts). Addresses are keyed hashes, null if unknown. */
export interface ReportFacts {
  id: number;
  createdAt: Date;
  address: string | null;
  reporter: {
    createdAt: Date;
    signupAddress: string | null;
    deleted: boolean;
    /** A published post or a comment of theirs that moderation left public. */
    hasPublicContent: boolean;
    /** Their reports moderators dismissed since the last one they upheld. */
    dismissalsSinceUpheld: number;
  };
  /** When a moderator last restored the target, if ever. */
  restoredAt: Date | null;
}

export interface WeightRules {
  /** config.trust.reportMinAccountMs */
  reportMinAccountMs: number;
  /** config.trust.restoredImmunityMs */
  restoredImmunityMs: number;
}

export interface WeighedReport {
  id: number;
  weight: number;
  why: ReportWeightReason;
  /** Filed while a moderator's restore still holds: it goes to the queue, it cannot hide the target. */
  afterRestore: boolean;
}

export interface TargetWeight {
  reports: WeighedReport[];
  total: number;
  /** A moderator restored it within RESTORED_IMMUNITY_DAYS: reports alone cannot hide it. */
  immune: boolean;
}

/** The reporter's own standing when they reported, before one-voice grouping. */
function standing(report: ReportFacts, rules: WeightRules): { weight: number; why: ReportWeightReason } {
  const { reporter } = report;
  if (reporter.deleted) return { weight: 0, why: 'account-deleted' };
  if (reporter.dismissalsSinceUpheld >= DISMISSALS_WITHOUT_WEIGHT)
    return { weight: 0, why: 'earlier-dismissed' };
  const age = report.createdAt.getTime() - reporter.createdAt.getTime();
  if (age < rules.reportMinAccountMs) return { weight: 0, why: 'new-account' };
  if (age > ESTABLISHED_DAYS * DAY_MS && reporter.hasPublicContent) return { weight: 2, why: 'established' };
  return { weight: 1, why: 'member' };
}

const within = (a: Date, b: Date, ms: number) => Math.abs(a.getTime() - b.getTime()) <= ms;

const sameSignup = (a: ReportFacts, b: ReportFacts) =>
  a.reporter.signupAddress !== null &&
  a.reporter.signupAddress === b.reporter.signupAddress &&
  within(a.reporter.createdAt, b.reporter.createdAt, SAME_SIGNUP_MS);

const sameSend = (a: ReportFacts, b: ReportFacts) =>
  a.address !== null && a.address === b.address && within(a.createdAt, b.createdAt, SAME_SEND_MS);

/** Weighs one target's open reports, at `now`. */
export function weighReports(facts: ReportFacts[], rules: WeightRules, now: Date): TargetWeight {
  const sorted = [...facts].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  // One voice: reports linked by an address (directly or through each other) form one group.
  const group = sorted.map((_, i) => i);
  const root = (i: number): number => (group[i] === i ? i : root(group[i] as number));
  for (let i = 0; i < sorted.length; i += 1)
    for (let j = 0; j < i; j += 1) {
      const [a, b] = [sorted[i] as ReportFacts, sorted[j] as ReportFacts];
      if (sameSignup(a, b) || sameSend(a, b)) group[root(i)] = root(j);
    }
  const own = sorted.map((report) => standing(report, rules));
  // Each group's voice is its heaviest report (the earliest of equals); the others weigh 0.
  const voice = new Map<number, number>();
  own.forEach(({ weight }, i) => {
    const current = voice.get(root(i));
    if (current === undefined || weight > (own[current]?.weight ?? 0)) voice.set(root(i), i);
  });
  const restoredAt = sorted.find((report) => report.restoredAt)?.restoredAt ?? null;
  const immune = restoredAt !== null && now.getTime() - restoredAt.getTime() < rules.restoredImmunityMs;
  const reports = sorted.map((report, i): WeighedReport => {
    const afterRestore = immune && restoredAt !== null && report.createdAt >= restoredAt;
    const mine = own[i] ?? standing(report, rules);
    if (voice.get(root(i)) === i) return { id: report.id, ...mine, afterRestore };
    const bySignup = sorted.some((other, j) => j !== i && root(j) === root(i) && sameSignup(report, other));
    return {
      id: report.id,
      weight: 0,
      why: bySignup ? 'same-signup-address' : 'same-report-address',
      afterRestore,
    };
  });
  return { reports, total: reports.reduce((sum, r) => sum + r.weight, 0), immune };
}
