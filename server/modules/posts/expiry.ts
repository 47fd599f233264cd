// Expiry (issue 14, decision 022): a published post not renewed for POST_EXPIRY_DAYS leaves the feeds
// and search. Its publish time is its renewal time (a renewal moves it to the top), so the feeds list
// the posts published since the cutoff: a range on the feed order's own key, no column of its own.

import type { Deps } from '../../deps';
import { DAY_MS } from '../../infra/clock';

export type ExpiryDeps = Pick<Deps, 'clock' | 'config'>;

/** The oldest publish time still listed now. */
export const listingCutoff = ({ clock, config }: ExpiryDeps): Date =>
  new Date(clock.now().getTime() - config.postExpiryDays * DAY_MS);

/** A published post whose publish (or renewal) time is before the cutoff. */
export const isExpired = (post: { isPublished: boolean; publishedAt: Date | null }, cutoff: Date): boolean =>
  post.isPublished && post.publishedAt !== null && post.publishedAt < cutoff;
