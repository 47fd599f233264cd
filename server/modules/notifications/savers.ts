// Telling those who saved a post (issue 33): it was marked sold, or its price changed. Only while the
// post is public (a hidden or draft post's savers cannot open it), never its owner.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { blocks, favourites } from '../../db/schema';
import { raiseNotifications } from './raise';

export interface SavedPostNews {
  post: {
    id: number;
    userId: number;
    name: string;
    isPublished: boolean;
    moderation: string;
    publishedAt: Date | null;
  };
  kind: 'favourite-sold' | 'favourite-price';
  /** The new price, as the post shows it ('$ 250'). */
  price?: string;
}

/** Raises one notification per saver; answers the users to hint. */
export async function tellSavers(tx: Executor, news: SavedPostNews, now: Date): Promise<number[]> {
  const { post } = news;
  if (!post.isPublished || post.moderation !== 'visible') return [];
  const savers = await tx
    .select({ userId: favourites.userId })
    .from(favourites)
    .where(
      and(
        eq(favourites.postId, post.id),
        ne(favourites.userId, post.userId),
        // Not between people either of whom blocked the other.
        sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${favourites.userId} and ${blocks.blockedId} = ${post.userId})
          or (${blocks.blockerId} = ${post.userId} and ${blocks.blockedId} = ${favourites.userId}))`,
      ),
    );
  return raiseNotifications(
    tx,
    savers.map(({ userId }) => ({
      userId,
      kind: news.kind,
      // Sold: once per sale (a relisted post sold again is news again); price: the latest replaces it.
      groupKey:
        news.kind === 'favourite-sold'
          ? `favourite-sold:${post.id}:${now.getTime()}`
          : `favourite-price:${post.id}`,
      mode: news.kind === 'favourite-sold' ? ('once' as const) : ('replace' as const),
      postId: post.id,
      subject: post.name,
      detail: news.price ?? null,
      link: `/posts/${post.id}`,
      actors: [],
    })),
    now,
  );
}
