// Trust & safety vocabulary shared by the web and the server (issue 11, decision 014): what a report
// can say, the review states a post or comment can be in and what its owner is told about each, and
// how long an account counts as new. Zod-free: the web's screens import it.

export const REPORT_TARGETS = ['post', 'comment', 'message'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_REASONS = ['scam', 'prohibited', 'spam', 'offensive', 'wrong-category', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The choices the report form shows, in its order. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Scam or fraud',
  prohibited: 'Prohibited item or service',
  spam: 'Spam or repeated ad',
  offensive: 'Offensive or abusive',
  'wrong-category': 'Wrong category',
  other: 'Something else',
};

export const REPORT_NOTE_MAX = 500;

/**
 * Where a post or comment stands with moderation. Only 'visible' is shown publicly; the owner and
 * moderators still see the others. 'pending': hidden by reports until a moderator decides; 'held':
 * copy-paste text, kept from the public (though its owner published it) until a moderator approves; 'removed': a moderator hid it.
 */
export const MODERATION_STATES = ['visible', 'pending', 'held', 'removed'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

/**
 * Why an open report weighs what it does (modules/reports/weight.ts, decision 014), as the moderation
 * queue explains it: 'new account: 0', 'established: 2', ...
 */
export const REPORT_WEIGHT_REASONS = [
  'new-account',
  'member',
  'established',
  'earlier-dismissed',
  'same-signup-address',
  'same-report-address',
  'account-deleted',
] as const;
export type ReportWeightReason = (typeof REPORT_WEIGHT_REASONS)[number];

export const REPORT_WEIGHT_LABELS: Record<ReportWeightReason, string> = {
  'new-account': 'new account',
  member: 'member',
  established: 'established',
  'earlier-dismissed': 'earlier reports dismissed',
  'same-signup-address': 'same sign-up address as another reporter',
  'same-report-address': 'sent from the same address as another report',
  'account-deleted': 'account deleted',
};

/** Said of an open report filed within RESTORED_IMMUNITY_DAYS of a moderator's restore. */
export const REPORTED_AFTER_RESTORE = 'reported again after a restore';

/** What the owner's dashboard says about a post that is not public because of moderation. */
export const MODERATION_LABELS: Record<Exclude<ModerationState, 'visible'>, string> = {
  pending: 'Under review',
  held: 'Held for review',
  removed: 'Removed by a moderator',
};

/** The audit log's verbs; 'auto-hide' (report weight) and 'hold' (copy-paste) are the system's own. */
export const MODERATION_ACTIONS = [
  'auto-hide',
  'hold',
  'hide',
  'restore',
  'suspend',
  'reinstate',
  'set-role',
] as const;
export type ModerationActionName = (typeof MODERATION_ACTIONS)[number];
export const ACTION_TARGETS = ['post', 'comment', 'message', 'user'] as const;

/** A seller is 'New seller' on the post detail for their first days on the marketplace. */
export const NEW_SELLER_DAYS = 30;

const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Member since Nov 2026' (UTC, so server-rendered and client-rendered text agree). */
export function memberSinceLabel(memberSince: string | Date): string {
  const date = new Date(memberSince);
  return `Member since ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

export function isNewSeller(memberSince: string | Date, now: Date = new Date()): boolean {
  return now.getTime() - new Date(memberSince).getTime() < NEW_SELLER_DAYS * DAY_MS;
}
