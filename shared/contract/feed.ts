// The public feeds (spec §7, DESIGN §4): the rolling feed's first payload and next pages (form-encoded
// cursors, as the spec sends them) and GET /api/posts, the /home list with search, filters and order.
import { z } from 'zod';
import { FEED_FILTER_CHOICES, FEED_SORTS, SEARCH_MAX } from '../feed-filter';
import { MSG } from '../messages';
import { firstPayloadSchema, postsPageSchema, productPageSchema, servicePageSchema } from '../schemas/post';
import { invalidCharactersMessage, plainText } from '../validation';
import { area } from './define';

const invalid = { error: MSG.errors.invalidInput };
/** A filter value from the catalog, or '' (what a form sends for "All"). */
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, invalid).or(z.literal('')).optional();
const cursorText = z.string().max(100, invalid);

/** GET /api/posts: the /home filter (shared/feed-filter.ts), its order and a cursor. */
export const postsQuery = z.object({
  search: plainText(MSG.errors.invalidInput, invalidCharactersMessage('Search'), {
    max: SEARCH_MAX,
    tooLong: MSG.errors.invalidInput,
  }).optional(),
  type: choice(FEED_FILTER_CHOICES.type),
  category: choice(FEED_FILTER_CHOICES.category),
  city: choice(FEED_FILTER_CHOICES.city),
  sell_or_buy: choice(FEED_FILTER_CHOICES.sell_or_buy),
  currency: choice(FEED_FILTER_CHOICES.currency),
  /** newest (default) or price_asc: cheapest first within `currency`, which it requires (decision 021). */
  sort: choice(FEED_SORTS),
  cursor: cursorText.optional(),
});

export const feedCalls = area('feed', {
  firstPayload: {
    summary: 'The rolling feed start: 10 newest products and 10 newest services, newest first',
    responses: { 200: firstPayloadSchema },
    errors: [],
  },
  rollingFeedProducts: {
    summary: 'The next 10 products after incomingProductCursor (form-encoded); productCursor null at the end',
    // Absent starts from the newest post.
    body: z.object({ incomingProductCursor: cursorText.nullable().optional() }).optional(),
    responses: { 200: productPageSchema },
    errors: [400, 403],
  },
  rollingFeedServices: {
    summary: 'The next 10 services after incomingServiceCursor (form-encoded); serviceCursor null at the end',
    body: z.object({ incomingServiceCursor: cursorText.nullable().optional() }).optional(),
    responses: { 200: servicePageSchema },
    errors: [400, 403],
  },
  posts: {
    summary:
      'Published posts newest first, or cheapest first within a currency (sort=price_asc), 12 a page, with full-text search and filters',
    query: postsQuery,
    responses: { 200: postsPageSchema },
    errors: [400],
  },
});
