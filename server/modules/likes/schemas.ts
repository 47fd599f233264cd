// Request schema of the batched engagement call (DESIGN §4); the response shapes are shared
// (shared/schemas/engagement.ts).
import { z } from 'zod';
import { parseId } from '../../../shared/ids';

export const MAX_BATCH = 50;
const BATCH_MESSAGE = `postIds must be 1 to ${MAX_BATCH} post ids separated by commas`;

export const batchQuery = z.object({
  postIds: z
    .string(BATCH_MESSAGE)
    .max(MAX_BATCH * 12, BATCH_MESSAGE)
    .transform((value, ctx) => {
      const ids = value.split(',').map((id) => parseId(id.trim()));
      if (ids.length > MAX_BATCH || ids.some((id) => id === null)) {
        ctx.addIssue({ code: 'custom', message: BATCH_MESSAGE });
        return z.NEVER;
      }
      return [...new Set(ids as number[])];
    }),
});
