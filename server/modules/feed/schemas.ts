// Request schemas of the feed calls; the response shapes are shared (shared/schemas/post.ts).
import { z } from 'zod';
import { FEED_FILTER_CHOICES, FEED_SORTS, SEARCH_MAX } from '../../../shared/feed-filter';
import { MSG } from '../../../shared/messages';
import { invalidCharactersMessage, plainText } from '../../../shared/validation';

const invalid = { error: MSG.errors.invalidInput };
/** A filter value from the catalog, or '' (what a form sends for "All"). */
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, invalid).or(z.literal('')).optional();
const cursorText = z.string().max(100, invalid);

/** Form-encoded (or JSON) body of the rolling-feed calls; absent starts from the newest post. */
export const productCursorBody = z
  .object({ incomingProductCursor: cursorText.nullable().optional() })
  .optional();
export const serviceCursorBody = z
  .object({ incomingServiceCursor: cursorText.nullable().optional() })
  .optional();

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
