// How a request names a post: its id (a JSON number or digits: shared/ids.ts) and, in the spec's
// listing calls, its type. One message per kind of id ('Invalid post ID').
import { z } from 'zod';
import { POST_TYPES } from '../catalog';
import { parseId } from '../ids';
import { MSG } from '../messages';
import { idSchema } from '../validation';

export const POST_MESSAGES = {
  invalidType: 'Type must be product or service.',
  publishFlag: 'isPublished must be true or false.',
} as const;

export const postIdSchema = idSchema(MSG.postDetail.invalidId);
export const postTypeSchema = z.enum(POST_TYPES, POST_MESSAGES.invalidType);
/** `/…/:postId` path parameters. */
export const postIdParams = z.object({ postId: postIdSchema });

/** The most posts one batched call names (a page of cards is 12). */
export const MAX_BATCH = 50;
const BATCH_MESSAGE = `postIds must be 1 to ${MAX_BATCH} post ids separated by commas`;

/** `?postIds=1,2,3`: distinct post ids, at most MAX_BATCH. */
export const postIdsQuery = z.object({
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
