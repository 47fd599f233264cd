// Wire shapes of posts (spec §3, DESIGN §4): the server validates and serialises its answers with these,
// and the web's types are derived from them (shared/api-types.ts).
import { z } from 'zod';
import { CATEGORIES, CITIES, CURRENCIES, SELL_OR_BUY } from '../catalog';
import { MODERATION_STATES } from '../moderation';
import { POST_STATUSES } from '../post-status';

const id = z.number().int();

export const imageSchema = z.object({
  id,
  /** The full variant (1600 px wide at most); `thumbUrl` 480 px, `mediumUrl` 1024 px (shared/image-variants.ts). */
  url: z.string(),
  thumbUrl: z.string(),
  /** Beyond the spec's image: absent for images stored before the medium variant existed (decision 018). */
  mediumUrl: z.string().optional(),
  width: z.number().int(),
  height: z.number().int(),
});

const itemBase = {
  id,
  postId: id,
  name: z.string(),
  category: z.enum(CATEGORIES),
  paymentMethods: z.string(),
  details: z.string(),
  city: z.enum(CITIES),
  location: z.string(),
  sell_or_buy: z.enum(SELL_OR_BUY),
  isPublished: z.boolean(),
  userId: id,
  /** 'visible' unless moderation keeps it from the public (only its owner and moderators see it then). */
  moderation: z.enum(MODERATION_STATES),
  /** Beyond the spec (issue 14): 'reserved' shows a badge, 'sold' leaves the feeds. */
  status: z.enum(POST_STATUSES),
  /** Beyond the spec (issue 14): the price's currency. */
  currency: z.enum(CURRENCIES),
};
export const productSchema = z.object({ ...itemBase, type: z.literal('product'), price: z.string() });
export const serviceSchema = z.object({ ...itemBase, type: z.literal('service'), rate: z.string() });
export const itemSchema = z.discriminatedUnion('type', [productSchema, serviceSchema]);

/** The post wrapper: exactly one of Product and Service is set. `cover` is the first image, if any. */
export const postWrapperSchema = z.object({
  id,
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  userName: z.string(),
  phoneNumber: z.string(),
  Product: productSchema.nullable(),
  Service: serviceSchema.nullable(),
  cover: imageSchema.nullable(),
  /** A caution for readers when the text matches a scam pattern (server/modules/safety), else null. */
  safetyWarning: z.string().nullable(),
});

export const postDetailSchema = postWrapperSchema.extend({
  images: z.array(imageSchema),
  /** When the seller joined: the detail shows 'Member since Nov 2026' and 'New seller'. */
  memberSince: z.string(),
  /** Beyond the spec (issue 14): not renewed for POST_EXPIRY_DAYS, so out of the feeds. */
  expired: z.boolean(),
});

/** A rolling-feed item: the spec's flat shape. */
export const rollingItemSchema = z.object({
  type: z.enum(['Product', 'Service']),
  id,
  postId: id,
  name: z.string(),
  category: z.enum(CATEGORIES),
  price: z.string().optional(),
  rate: z.string().optional(),
  paymentMethods: z.string(),
  sell_or_buy: z.enum(SELL_OR_BUY),
  details: z.string(),
  /** Not in the spec's flat item: an extra field its clients ignore, so /infinite cards name the place. */
  city: z.enum(CITIES),
  /** Beyond the spec (issue 14): a reserved post's badge (sold posts are not in the feeds). */
  status: z.enum(POST_STATUSES),
  currency: z.enum(CURRENCIES),
  isPublished: z.boolean(),
  createdAt: z.string(),
  /** Beyond the spec (issue 34): when it was published, the time the feed is ordered by and its card shows. */
  publishedAt: z.string(),
  userName: z.string(),
  phoneNumber: z.string(),
  cover: imageSchema.nullable(),
  safetyWarning: z.string().nullable(),
});

const cursor = z.string().nullable();
export const firstPayloadSchema = z.object({
  posts: z.array(rollingItemSchema),
  productCursor: cursor,
  serviceCursor: cursor,
});
export const productPageSchema = z.object({ posts: z.array(rollingItemSchema), productCursor: cursor });
export const servicePageSchema = z.object({ posts: z.array(rollingItemSchema), serviceCursor: cursor });
export const postsPageSchema = z.object({
  posts: z.array(postWrapperSchema),
  nextCursor: cursor,
  /** A search whose misspelt words were corrected: what was searched instead (decision 027). */
  correctedSearch: z.string().optional(),
});
/** What the owner's dashboard shows of each post: the wrapper and how it is doing (an additive field). */
export const myPostSchema = postWrapperSchema.extend({
  stats: z.object({
    /** Views counted as the detail counts them (one per viewer per 30 minutes). */
    views: z.number().int(),
    likes: z.number().int(),
    /** Public comments (comment_count). */
    comments: z.number().int(),
  }),
  /** Published but not renewed for POST_EXPIRY_DAYS: out of the feeds until renewed (issue 14). */
  expired: z.boolean(),
});
export const myPostsSchema = z.object({ posts: z.array(myPostSchema) });
/** DELETE /api/posts/{postId}. */
export const deletedPostSchema = z.object({ success: z.literal(true), postId: id });
export const imagesSchema = z.object({ images: z.array(imageSchema) });
