// Request and response schemas of the posts calls (spec §7). Input rules come from shared/validation;
// response schemas mirror shared/api-types and keep every response to exactly the documented fields.
import { z } from 'zod';
import { POST_TYPES, SELL_OR_BUY } from '../../../shared/catalog';
import { MSG } from '../../../shared/messages';
import { productInputSchema, serviceInputSchema } from '../../../shared/validation';
import { claimedUserIdSchema as claimedUserId, idSchema } from '../../http-schemas';

export const POST_MESSAGES = {
  invalidType: 'Type must be product or service.',
  publishFlag: 'isPublished must be true or false.',
} as const;

export const postIdSchema = idSchema(MSG.postDetail.invalidId);
export const postTypeParamSchema = z.enum(POST_TYPES, POST_MESSAGES.invalidType);

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

export const myPostsQuery = z.object({ userId: claimedUserId });

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
  sell_or_buy: z.enum(SELL_OR_BUY),
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
