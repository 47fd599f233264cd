// Open Graph and Twitter tags for a shared seller page (/users/{userId}): their name, how many posts
// they have listed and since when they are a member. Escaped by metaTags: names are user input.
import { plural } from '../../../shared/format';
import { memberSinceLabel } from '../../../shared/moderation';
import { metaTags } from '../post-detail';
import type { SellerSummary } from './service';

export const sellerTitle = (seller: SellerSummary) => `${seller.name} on Zim Marketplace`;

export const sellerDescription = (seller: SellerSummary) =>
  `${plural(seller.postCount, 'post')} · ${memberSinceLabel(seller.memberSince)}`;

/** The <head> tags for `seller`; `publicUrl` is the site's origin (absolute URLs are required). */
export function sellerHeadTags(seller: SellerSummary, publicUrl: string): string {
  const title = sellerTitle(seller);
  const description = sellerDescription(seller);
  return metaTags([
    ['property', 'og:type', 'profile'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', `${publicUrl}/users/${seller.id}`],
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
  ]);
}
