// Request and response schemas of the like calls (spec §7, DESIGN §4 batched engagement).
import { z } from 'zod';
import { idParam } from '../engagement-shared/http';

export const MAX_BATCH = 50;
const BATCH_MESSAGE = `postIds must be 1 to ${MAX_BATCH} post ids separated by commas`;

export const batchQuery = z.object({
  postIds: z
    .string(BATCH_MESSAGE)
    .max(MAX_BATCH * 12, BATCH_MESSAGE)
    .transform((value) => value.split(',').map((id) => id.trim()))
    .pipe(z.array(idParam(BATCH_MESSAGE)).min(1, BATCH_MESSAGE).max(MAX_BATCH, BATCH_MESSAGE))
    .transform((ids) => [...new Set(ids)]),
});

const success = z.literal(true);
const reactionType = z.literal('like').nullable();

export const toggleResponse = z.object({
  success,
  isLiked: z.boolean(),
  likeCount: z.number().int(),
  reactionType,
});
export const statusResponse = z.object({
  success,
  isLiked: z.boolean(),
  likeCount: z.number().int(),
  reactionType,
});
export const countResponse = z.object({ success, count: z.number().int() });

const engagement = z.object({
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  isLiked: z.boolean(),
});
export const engagementResponse = z.object({ success, data: engagement });
export const batchResponse = z.object({ success, data: z.record(z.string(), engagement) });
