// Request schema of POST /api/reports (issue 11); the answer's shape is shared
// (shared/schemas/moderation.ts).
import { z } from 'zod';
import { REPORT_NOTE_MAX, REPORT_REASONS, REPORT_TARGETS } from '../../../shared/moderation';
import { idSchema, plainText, tooLongMessage } from '../../../shared/validation';

export const REPORT_MESSAGES = {
  target: "targetType must be 'post' or 'comment'.",
  targetId: 'Invalid target ID',
  reason: `reason must be one of: ${REPORT_REASONS.join(', ')}.`,
  note: 'Note contains characters that are not allowed',
} as const;

/** An optional free-text reason a moderator reads (reports' notes, moderators' reasons). */
export const noteSchema = (label: string) =>
  plainText(`${label} must be text.`, `${label} contains characters that are not allowed`, {
    max: REPORT_NOTE_MAX,
    tooLong: tooLongMessage(label, REPORT_NOTE_MAX),
    multiline: true,
    trim: true,
  }).transform((text) => text || null);

export const reportBody = z.object({
  targetType: z.enum(REPORT_TARGETS, REPORT_MESSAGES.target),
  targetId: idSchema(REPORT_MESSAGES.targetId),
  reason: z.enum(REPORT_REASONS, REPORT_MESSAGES.reason),
  note: noteSchema('Note').nullish(),
});
