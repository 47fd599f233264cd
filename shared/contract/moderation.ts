// Reports and moderation (issue 11, decision 014): a member reports a post or comment; moderators read
// the queue and the audit log and decide on posts, comments and accounts.
import { z } from 'zod';
import { REPORT_NOTE_MAX, REPORT_REASONS, REPORT_TARGETS } from '../moderation';
import { ROLES } from '../roles';
import {
  actionsPageSchema,
  moderationResultSchema,
  queueSchema,
  reportResultSchema,
} from '../schemas/moderation';
import { idSchema, plainText, tooLongMessage } from '../validation';
import { area, type CallSchemas } from './define';

const REPORT_MESSAGES = {
  target: "targetType must be 'post' or 'comment'.",
  targetId: 'Invalid target ID',
  reason: `reason must be one of: ${REPORT_REASONS.join(', ')}.`,
  note: 'Note contains characters that are not allowed',
} as const;

/** An optional free-text reason a moderator reads (reports' notes, moderators' reasons). */
const noteSchema = (label: string) =>
  plainText(`${label} must be text.`, `${label} contains characters that are not allowed`, {
    max: REPORT_NOTE_MAX,
    tooLong: tooLongMessage(label, REPORT_NOTE_MAX),
    multiline: true,
    trim: true,
  }).transform((text) => text || null);

export const reportCalls = area('trust and safety', {
  fileReport: {
    summary:
      'Report a post or comment (once per target). 201 when filed, 200 with alreadyReported when this user had reported it',
    body: z.object({
      targetType: z.enum(REPORT_TARGETS, REPORT_MESSAGES.target),
      targetId: idSchema(REPORT_MESSAGES.targetId),
      reason: z.enum(REPORT_REASONS, REPORT_MESSAGES.reason),
      note: noteSchema('Note').nullish(),
    }),
    responses: { 201: reportResultSchema, 200: reportResultSchema },
    errors: [400, 401, 403, 404, 429],
  },
});

const targetIdParams = z.object({ id: idSchema('Invalid ID') });
/** Every decision may say why (the audit log shows it); the body may be left out. */
const decisionBody = z.object({ reason: noteSchema('Reason').nullish() }).nullish();

const decision = (summary: string) =>
  ({
    summary,
    params: targetIdParams,
    body: decisionBody,
    responses: { 200: moderationResultSchema },
    errors: [400, 401, 403, 404, 429],
  }) satisfies CallSchemas;

export const moderationCalls = area('moderation', {
  moderationQueue: {
    summary: 'Hidden, held, reported and warned posts and comments, most urgent first',
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) }),
    responses: { 200: queueSchema },
    errors: [400, 401, 403],
  },
  moderationActions: {
    summary: 'The audit log: who did what to which target, when and why; newest first',
    query: z.object({ cursor: z.string().max(200).optional() }),
    responses: { 200: actionsPageSchema },
    errors: [400, 401, 403],
  },
  hidePost: decision('Hide a post'),
  restorePost: decision('Restore a post and dismiss its reports'),
  hideComment: decision('Hide a comment'),
  restoreComment: decision('Restore a comment and dismiss its reports'),
  suspendUser: decision(
    'Suspend an account: its sessions end and its posts and comments leave every public view',
  ),
  reinstateUser: decision('Reinstate a suspended account'),
  hideMessage: decision('Hide a message (its recipient no longer sees it)'),
  restoreMessage: decision('Restore a message, or release one held for review to its recipient'),
  setUserRole: {
    summary: "Set an account's role (member or moderator)",
    params: targetIdParams,
    body: z.object({
      role: z.enum(ROLES, `role must be one of: ${ROLES.join(', ')}.`),
      reason: noteSchema('Reason').nullish(),
    }),
    responses: { 200: moderationResultSchema },
    errors: [400, 401, 403, 404, 429],
  },
});
