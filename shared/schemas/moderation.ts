// Wire shapes of reports and the moderation calls (issue 11, decision 014).
import { z } from 'zod';
import {
  ACTION_TARGETS,
  MODERATION_ACTIONS,
  MODERATION_STATES,
  REPORT_REASONS,
  REPORT_TARGETS,
  REPORT_WEIGHT_REASONS,
} from '../moderation';
import { ROLES } from '../roles';

const id = z.number().int();

/** POST /api/reports: 201 for a new report, 200 (alreadyReported) when this user had reported it. */
export const reportResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  alreadyReported: z.boolean(),
});

export const queueReportSchema = z.object({
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  /** What it weighs toward hiding now (modules/reports/weight.ts), and why. */
  weight: id,
  weighed: z.enum(REPORT_WEIGHT_REASONS),
  /** Filed within RESTORED_IMMUNITY_DAYS of a moderator's restore: it cannot hide the target. */
  afterRestore: z.boolean(),
  createdAt: z.string(),
});

export const authorHistorySchema = z.object({
  id,
  name: z.string(),
  role: z.enum(ROLES),
  memberSince: z.string(),
  accountAgeDays: id,
  suspended: z.boolean(),
  postCount: id,
  commentCount: id,
  /** Moderation actions taken on this author's posts, comments or account before. */
  previousActions: z.array(z.object({ action: z.enum(MODERATION_ACTIONS), createdAt: z.string() })),
});

export const queueItemSchema = z.object({
  targetType: z.enum(REPORT_TARGETS),
  id,
  /** The post itself, or the post a comment is on. */
  postId: id,
  state: z.enum(MODERATION_STATES),
  /** The post's name; for a comment, the name of its post. */
  title: z.string(),
  /** The post's details or the comment's text. */
  text: z.string(),
  safetyWarning: z.string().nullable(),
  createdAt: z.string(),
  /** The sum of the open reports' weights (what counts toward REPORT_HIDE_WEIGHT). */
  reportWeight: id,
  reports: z.array(queueReportSchema),
  author: authorHistorySchema,
  /**
   * A message's (issue 32): the 10 messages before it in its conversation, oldest first, and who sent
   * each (its author or the other person): all a moderator sees of a conversation.
   */
  context: z
    .array(z.object({ id, from: z.enum(['author', 'other']), body: z.string(), sentAt: z.string() }))
    .optional(),
});

export const queueSchema = z.object({ items: z.array(queueItemSchema) });

export const moderationActionSchema = z.object({
  id,
  action: z.enum(MODERATION_ACTIONS),
  targetType: z.enum(ACTION_TARGETS),
  targetId: id,
  reason: z.string().nullable(),
  createdAt: z.string(),
  /** Who acted; null for the automatic actions (report threshold, copy-paste hold). */
  moderator: z.object({ id, name: z.string() }).nullable(),
});

export const actionsPageSchema = z.object({
  actions: z.array(moderationActionSchema),
  nextCursor: z.string().nullable(),
});

/** The answer of every moderation action: the target's new state. */
export const moderationResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  state: z.string(),
});
