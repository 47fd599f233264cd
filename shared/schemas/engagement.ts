// Wire shapes of the like, comment and view calls (spec §3, §7; DESIGN §4). Every success body carries
// `success: true`; error bodies carry `success: false` (schemas/error.ts).
import { z } from 'zod';
import { MODERATION_STATES } from '../moderation';

const success = z.literal(true);
const count = z.number().int();

export const commentSchema = z.object({
  id: count,
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  userId: count,
  postId: count,
  isEdited: z.boolean(),
  editedAt: z.string().nullable(),
  author: z.object({
    id: count,
    name: z.string(),
    /** Always '' (privacy: comments are public, decision 008); kept because the spec's shape lists it. */
    email: z.string(),
    avatar: z.string().nullable(),
  }),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  /** A caution for readers when the text matches a scam pattern, else null. */
  safetyWarning: z.string().nullable(),
  /** 'visible' unless moderation hides it (then only its author and moderators get it). */
  moderation: z.enum(MODERATION_STATES),
});

/** GET /api/comments/post/{postId}?cursor=: newest first; pass nextCursor back for the next page. */
export const commentsPageSchema = z.object({
  success,
  data: z.object({
    comments: z.array(commentSchema),
    pagination: z.object({ nextCursor: z.string().nullable(), hasMore: z.boolean(), total: count }),
  }),
});
export const commentResponseSchema = z.object({ success, comment: commentSchema });
export const countResponseSchema = z.object({ success, count });
export const okResponseSchema = z.object({ success });

const reactionType = z.literal('like').nullable();
export const likeStatusSchema = z.object({ success, isLiked: z.boolean(), likeCount: count, reactionType });

export const engagementSchema = z.object({ likeCount: count, commentCount: count, isLiked: z.boolean() });
export const engagementResponseSchema = z.object({ success, data: engagementSchema });
/** GET /api/likes/engagement?postIds=1,2,3: keyed by post id; invisible or missing posts are absent. */
export const engagementBatchSchema = z.object({ success, data: z.record(z.string(), engagementSchema) });

export const viewTrackedSchema = z.object({ success, isNewView: z.boolean() });
export const viewStatisticsSchema = z.object({
  success,
  statistics: z.object({ totalUniqueViewers: count, totalViews: count, authenticatedViewers: count }),
  post: z.object({ id: count, views: count }),
});
