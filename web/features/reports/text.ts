// Texts of the report dialog that shared/messages.ts does not give (its own come from there).
import type { ReportTarget } from '../../../shared/moderation';

export const REPORT_TEXT = {
  title: (target: ReportTarget) => (target === 'post' ? 'Report this post' : 'Report this comment'),
  reasonLegend: 'Why are you reporting it?',
  reasonRequired: 'Please choose a reason.',
  noteLabel: 'Anything a moderator should know? (optional)',
  submit: 'Send report',
  sending: 'Sending...',
} as const;
