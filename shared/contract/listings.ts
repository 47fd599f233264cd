// The owner's listings (spec §7): create, edit, publish, the dashboard list; sold and reserved, renewal
// and deletion (issues 14 and 16).
import { z } from 'zod';
import { IDEMPOTENCY_KEY_PATTERN } from '../idempotency';
import { MSG } from '../messages';
import { POST_STATUSES } from '../post-status';
import { deletedPostSchema, itemSchema, myPostsSchema } from '../schemas/post';
import { productInputSchema, serviceInputSchema } from '../validation';
import { area } from './define';
import { POST_MESSAGES, postIdParams, postIdSchema, postTypeSchema } from './post-ref';
import { claimedUserIdSchema as claimedUserId } from './users';

const createPostBody = z.discriminatedUnion(
  'type',
  [
    productInputSchema.extend({ userId: claimedUserId }),
    serviceInputSchema.extend({ userId: claimedUserId }),
  ],
  { error: POST_MESSAGES.invalidType },
);

const editPostBody = z.discriminatedUnion(
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
const createPostHeaders = z.looseObject({
  'idempotency-key': z.string().regex(IDEMPOTENCY_KEY_PATTERN, MSG.create.badIdempotencyKey).optional(),
});

/** publish-post: the spec sends the post's fields too; only id and type matter, the rest is ignored. */
const publishPostBody = z.object({
  id: postIdSchema,
  type: postTypeSchema,
  isPublished: z.literal(true, POST_MESSAGES.publishFlag).optional(),
  userId: claimedUserId,
});

const publishManagerBody = z.object({
  id: postIdSchema,
  type: postTypeSchema,
  isPublished: z.boolean(POST_MESSAGES.publishFlag),
  userId: claimedUserId,
});

export const listingCalls = area('listings', {
  createPost: {
    summary: 'Create a product or service listing (unpublished); returns the item with its postId',
    description:
      'With an Idempotency-Key header (8-128 printable ASCII characters), a repeat of the key by the same user within 24 hours answers the first answer again (status and body, header Idempotent-Replayed: true) and creates nothing (decision 026).',
    headers: createPostHeaders,
    body: createPostBody,
    responses: { 201: itemSchema },
    errors: [400, 401, 403, 429],
  },
  editPost: {
    summary: "Change a listing's fields: owner only, only while unpublished",
    body: editPostBody,
    responses: { 200: itemSchema },
    errors: [400, 401, 403, 404, 409, 429],
  },
  publishPost: {
    summary: 'Publish a listing (owner only); other post fields in the body are ignored',
    body: publishPostBody,
    responses: { 200: itemSchema },
    errors: [400, 401, 403, 404, 429],
  },
  publishManager: {
    summary: 'Set a listing published or unpublished (owner only): the dashboard toggle',
    body: publishManagerBody,
    responses: { 200: itemSchema },
    errors: [400, 401, 403, 404, 429],
  },
  myCreatedPosts: {
    summary: "The signed-in user's own posts, published or not, newest first",
    query: z.object({ userId: claimedUserId }),
    responses: { 200: myPostsSchema },
    errors: [400, 401, 403],
  },
  setPostStatus: {
    summary:
      'Mark your published post available, reserved or sold (sold posts leave the feeds; their link stays)',
    params: postIdParams,
    body: z.object({ status: z.enum(POST_STATUSES, 'Status must be available, reserved or sold.') }),
    responses: { 200: itemSchema },
    errors: [400, 401, 403, 404, 409, 429],
  },
  renewPost: {
    summary: 'Renew your expired post: back in the feeds, at the top (409 when it has not expired)',
    params: postIdParams,
    responses: { 200: itemSchema },
    errors: [400, 401, 403, 404, 409, 429],
  },
  deletePost: {
    summary:
      'Delete your post with its images, likes, comments, views and reports (owner only; 404 afterwards)',
    params: postIdParams,
    responses: { 200: deletedPostSchema },
    errors: [400, 401, 403, 404, 429],
  },
});
