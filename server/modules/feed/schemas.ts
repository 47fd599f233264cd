// Request and response schemas of the feed calls: they validate input, shape output and make /api/docs.
import { z } from 'zod';
import { CATEGORIES, CITIES, POST_TYPES, SELL_OR_BUY } from '../../../shared/catalog';
import { MSG } from '../../../shared/messages';
import { invalidCharactersMessage, plainText } from '../../../shared/validation';
import { imageSchema, postWrapperSchema } from '../posts/schemas';

const id = z.number().int();
const invalid = { error: MSG.errors.invalidInput };
/** A filter value from the catalog, or '' (what a form sends for "All"). */
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, invalid).or(z.literal('')).optional();
const cursorText = z.string().max(100, invalid);

export const postDetailSchema = postWrapperSchema.extend({ images: z.array(imageSchema) });

export const rollingItemSchema = z.object({
  type: z.enum(['Product', 'Service']),
  id,
  postId: id,
  name: z.string(),
  category: z.string(),
  price: z.string().optional(),
  rate: z.string().optional(),
  paymentMethods: z.string(),
  sell_or_buy: z.enum(SELL_OR_BUY),
  details: z.string(),
  isPublished: z.boolean(),
  createdAt: z.string(),
  userName: z.string(),
  phoneNumber: z.string(),
  cover: imageSchema.nullable(),
});

const rollingPosts = z.array(rollingItemSchema);
export const firstPayloadSchema = z.object({
  posts: rollingPosts,
  productCursor: z.string().nullable(),
  serviceCursor: z.string().nullable(),
});
export const productPageSchema = z.object({ posts: rollingPosts, productCursor: z.string().nullable() });
export const servicePageSchema = z.object({ posts: rollingPosts, serviceCursor: z.string().nullable() });

/** Form-encoded (or JSON) body of the rolling-feed calls; absent starts from the newest post. */
export const productCursorBody = z
  .object({ incomingProductCursor: cursorText.nullable().optional() })
  .optional();
export const serviceCursorBody = z
  .object({ incomingServiceCursor: cursorText.nullable().optional() })
  .optional();

export const postsQuery = z.object({
  search: plainText(MSG.errors.invalidInput, invalidCharactersMessage('Search'), {
    max: 200,
    tooLong: MSG.errors.invalidInput,
  }).optional(),
  type: choice(POST_TYPES),
  category: choice(CATEGORIES),
  city: choice(CITIES),
  sell_or_buy: choice(SELL_OR_BUY),
  cursor: cursorText.optional(),
});

export const postsPageSchema = z.object({
  posts: z.array(postWrapperSchema),
  nextCursor: z.string().nullable(),
});

const MAX_ID = 2_147_483_647;
/** A post id in the path: a positive int4, else 400 'Invalid post ID'. */
export const postIdParams = z.object({
  postId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, MSG.postDetail.invalidId)
    .refine((value) => Number(value) <= MAX_ID, MSG.postDetail.invalidId),
});
