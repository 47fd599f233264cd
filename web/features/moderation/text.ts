// Texts of the moderation screen that shared/messages.ts does not give (its own come from there).
import type { ModerationActionName, ModerationState } from '../../../shared/moderation';
import { MODERATION_LABELS } from '../../../shared/moderation';

export const MODERATION_TEXT = {
  title: 'Moderation',
  queueTab: 'Review queue',
  logTab: 'Audit log',
  loadFailed: 'Could not load the queue.',
  logLoadFailed: 'Could not load the audit log.',
  logEmpty: 'No moderation actions yet.',
  decided: 'Decided on this visit',
  decidedNote: 'These left the queue after your decision. You can still change your mind here.',
  reasonLabel: 'Reason (optional, shown in the audit log)',
  openPost: 'Open the post',
  messageContext: (n: number) => `Earlier in the conversation (${n})`,
  otherPerson: 'The other person',
} as const;

/** What a queue item is, on its badge. */
export const TARGET_LABELS = { post: 'Post', comment: 'Comment', message: 'Message' } as const;

/** A queue item's heading: a post's name, or what a comment or message was about. */
export const itemHeading = (item: { targetType: keyof typeof TARGET_LABELS; title: string }) =>
  item.targetType === 'comment'
    ? `Comment on “${item.title}”`
    : item.targetType === 'message'
      ? `Message about “${item.title}”`
      : item.title;

/** A queue item's state as a moderator reads it. */
export const stateLabel = (state: ModerationState) =>
  state === 'visible' ? 'Visible' : MODERATION_LABELS[state];

/** The audit log's verbs (and an author's earlier actions) in words. */
export const ACTION_LABELS: Record<ModerationActionName, string> = {
  'auto-hide': 'Hidden by reports',
  hold: 'Held (copied text)',
  hide: 'Hidden',
  restore: 'Restored',
  suspend: 'Suspended',
  reinstate: 'Reinstated',
  'set-role': 'Role changed',
};

export { plural } from '../../../shared/format';
