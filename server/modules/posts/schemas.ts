// Request and response schemas of the posts calls (spec §7). Input rules come from shared/validation;
// response schemas mirror shared/api-types and keep every response to exactly the documented fields.
import { z } from 'zod';
import { POST_TYPES } from '../../../shared/catalog';
import { productInputSchema, serviceInputSchema } from '../../../shared/validation';

const INT_MAX = 2_147_483_647;
export const POST_MESSAGES = {
  invalidId: 'A valid post id is required.',
  invalidType: 'Type must be product or service.',
  invalidUserId: 'A valid user id is required.',
  publishFlag: 'isPublished must be true or false.',
} as const;

/** A positive integer id, sent as a JSON number or a digit string (query, path, multipart). */
export const idSchema = (message: string) =>
  z
    .union(
      [
        z.number(message),
        z
          .string(message)
          .trim()
          .regex(/^\d{1,10}$/, message),
      ],
      { error: message },
    )
    .transform(Number)
    .pipe(z.number().int(message).positive(message).max(INT_MAX, message));

export const postIdSchema = idSchema(POST_MESSAGES.invalidId);
export const postTypeParamSchema = z.enum(POST_TYPES, POST_MESSAGES.invalidType);
/** The spec sends userId with several calls; it is only checked against the session (DESIGN §4). */
const claimedUserId = z.union([z.number(), z.string()]).optional();

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

/** publish-post: the spec sends the post's fields too; only id and type matter, the rest is ignored. */
export const publishPostBody = z.object({
  id: postIdSchema,
  type: postTypeParamSchema,
  isPublished: z.literal(true, POST_MESSAGES.publishFlag).optional(),
  userId: claimedUserId,
});

export const publishManagerBody = z.object({
  id: postIdSchema,
  type: postTypeParamSchema,
  isPublished: z.boolean(POST_MESSAGES.publishFlag),
  userId: claimedUserId,
});

export const myPostsQuery = z.object({ userId: idSchema(POST_MESSAGES.invalidUserId).optional() });

export const imageSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

const itemBase = {
  id: z.number().int(),
  postId: z.number().int(),
  name: z.string(),
  category: z.string(),
  paymentMethods: z.string(),
  details: z.string(),
  city: z.string(),
  location: z.string(),
  sell_or_buy: z.enum(['Buy', 'Sell']),
  isPublished: z.boolean(),
  userId: z.number().int(),
};
export const productSchema = z.object({ ...itemBase, type: z.literal('product'), price: z.string() });
export const serviceSchema = z.object({ ...itemBase, type: z.literal('service'), rate: z.string() });
export const itemSchema = z.discriminatedUnion('type', [productSchema, serviceSchema]);

export const postWrapperSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  userName: z.string(),
  phoneNumber: z.string(),
  Product: productSchema.nullable(),
  Service: serviceSchema.nullable(),
  cover: imageSchema.nullable(),
});
