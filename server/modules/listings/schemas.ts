// Request schemas of the listing calls (spec §7). Input rules come from shared/validation; the response
// shapes are shared (shared/schemas/post.ts).
import { z } from 'zod';
import { IDEMPOTENCY_KEY_PATTERN } from '../../../shared/idempotency';
import { MSG } from '../../../shared/messages';
import { POST_STATUSES } from '../../../shared/post-status';
import { productInputSchema, serviceInputSchema } from '../../../shared/validation';
import { claimedUserIdSchema as claimedUserId } from '../../http-schemas';
import { POST_MESSAGES, postIdSchema, postTypeSchema } from '../posts/schemas';

export const createPostBody = z.discriminatedUnion(
  'type',
  [
    productInputSchema.extend({ userId: claimedUserId }),
    serviceInputSchema.extend({ userId: claimedUserId }),
  ],
  { error: POST_MESSAGES.invalidType },
);

export const editPostBody = z.discriminatedUnion(
  'type',
  [
    productInputSchema.extend({ id: postIdSchema, userId: claimedUserId }),
    serviceInputSchema.extend({ id: postIdSchema, userId: claimedUserId }),
  ],
  { error: POST_MESSAGES.invalidType },
);

/**
 * create-post's optional Idempotency-Key header (decision 026). Loose: the other headers stay as they
 * are (a strict object would strip them from the request).
 */
export const createPostHeaders = z.looseObject({
  'idempotency-key': z.string().regex(IDEMPOTENCY_KEY_PATTERN, MSG.create.badIdempotencyKey).optional(),
});

/** publish-post: the spec sends the post's fields too; only id and type matter, the rest is ignored. */
export const publishPostBody = z.object({
  id: postIdSchema,
  type: postTypeSchema,
  isPublished: z.literal(true, POST_MESSAGES.publishFlag).optional(),
  userId: claimedUserId,
});

export const publishManagerBody = z.object({
  id: postIdSchema,
  type: postTypeSchema,
  isPublished: z.boolean(POST_MESSAGES.publishFlag),
  userId: claimedUserId,
});

export const myPostsQuery = z.object({ userId: claimedUserId });

/** PUT /api/posts/{postId}/status (issue 14). */
export const setStatusBody = z.object({
  status: z.enum(POST_STATUSES, 'Status must be available, reserved or sold.'),
});
