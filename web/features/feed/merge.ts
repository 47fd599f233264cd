// The rolling feed's pages come as one list per type; the screen shows them as one list, newest first,
// each post once (a post published during paging can reach two pages' edges).
import type { RollingFeedItem } from '../../../shared/api-types';

// The lists are ordered by publication (server/modules/feed): so is their merge, and the cards show it.
const time = (item: RollingFeedItem) => Date.parse(item.publishedAt ?? item.createdAt) || 0;

/** Products and services of one page in one list, newest first (ties: the higher post id first). */
export function mergeNewestFirst(...lists: RollingFeedItem[][]): RollingFeedItem[] {
  return lists.flat().sort((a, b) => time(b) - time(a) || b.postId - a.postId);
}

/** The pages in order, each post once (its first appearance wins). */
export function uniquePosts(pages: Array<{ posts: RollingFeedItem[] }>): RollingFeedItem[] {
  const seen = new Set<number>();
  const out: RollingFeedItem[] = [];
  for (const page of pages) {
    for (const item of page.posts) {
      if (seen.has(item.postId)) continue;
      seen.add(item.postId);
      out.push(item);
    }
  }
  return out;
}
