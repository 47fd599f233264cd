// A seller's public page (issue 14): name, when they joined, how many posts they have listed and those
// posts a page at a time. The posts are the feeds' own (feed/service.ts listSellerPosts: the `listed`
// rule, newest first, keyset cursor). A suspended account has no public page, like its posts.
import type { SellerPage } from '../../../shared/api-types';
import type { Deps } from '../../deps';
import { listSellerPosts } from '../feed';
import { listingCutoff } from '../posts';
import { countListedPosts, findSellerRow, hasEverPublished } from './repo';

export type SellerSummary = Omit<SellerPage, 'posts' | 'nextCursor'>;

/** The seller's public summary, or undefined for an unknown or suspended account, or one that never published. */
export async function findSeller(
  deps: Pick<Deps, 'database' | 'clock' | 'config'>,
  userId: number,
): Promise<SellerSummary | undefined> {
  const [row, postCount, seller] = await Promise.all([
    findSellerRow(deps.database.db, userId),
    countListedPosts(deps.database.db, userId, listingCutoff(deps)),
    hasEverPublished(deps.database.db, userId),
  ]);
  // Only sellers have a page: an account that never published (a buyer, a moderator) is nobody's
  // business, and ids are sequential, so every account would otherwise be listed by walking them.
  if (!row || row.suspendedAt !== null || !seller) return undefined;
  return { id: row.id, name: row.name, memberSince: row.createdAt.toISOString(), postCount };
}

/** The summary with one page of posts after `cursor` (400 for a cursor the server did not make). */
export async function findSellerPage(
  deps: Pick<Deps, 'database' | 'clock' | 'config'>,
  userId: number,
  cursor?: string,
): Promise<SellerPage | undefined> {
  const [seller, page] = await Promise.all([findSeller(deps, userId), listSellerPosts(deps, userId, cursor)]);
  return seller && { ...seller, ...page };
}
