// One post with its images, for the detail call and the shared-link page, if the actor may see it.
import { asc, eq } from 'drizzle-orm';
import type { PostDetail } from '../../../shared/api-types';
import type { Actor } from '../../actor';
import type { Executor } from '../../db/client';
import { postImages, postRowColumns, posts, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { isExpired, listingCutoff, postVisibility, presentImage, presentPost, shownPhone } from '../posts';

/**
 * One post (published or not) with its author's contact, or undefined. The phone is the one their posts
 * show (posts/contact.ts), to the owner too: the detail is the post as buyers see it.
 */
async function findPostWithAuthor(db: Executor, postId: number) {
  const [row] = await db
    .select({
      ...postRowColumns,
      userName: users.name,
      phoneNumber: shownPhone,
      memberSince: users.createdAt,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(eq(posts.id, postId))
    .limit(1);
  return row;
}

/** A post's images in display order. */
function listImages(db: Executor, postId: number) {
  return db
    .select()
    .from(postImages)
    .where(eq(postImages.postId, postId))
    .orderBy(asc(postImages.position), asc(postImages.id));
}

export interface FoundPost {
  post: PostDetail;
  /**
   * Whether any visitor gets this same answer (decision 044): the post is visible to visitors and the
   * reader is not its owner. An owner's view (a draft, a sold post's number) and a moderator's view of
   * what moderation keeps back (a hidden post, a suspended seller's) depend on who asks.
   */
  sameForEveryone: boolean;
}

/** The post and its images, or undefined when it does not exist or the actor may not see it. */
export async function findPostDetail(
  deps: Pick<Deps, 'database' | 'clock' | 'config'>,
  postId: number,
  actor: Actor,
): Promise<FoundPost | undefined> {
  const { database } = deps;
  // Both queries in parallel; the images are dropped when the post is not visible.
  const [row, imageRows] = await Promise.all([
    findPostWithAuthor(database.db, postId),
    listImages(database.db, postId),
  ]);
  if (!row || !postVisibility.canSee(actor, row)) return undefined;
  const images = imageRows.map(presentImage);
  const expired = isExpired(row, listingCutoff(deps));
  const post = presentPost(row, images[0] ?? null);
  // Sold or expired: nobody is to call about it, so only its owner gets the number the post shows (the
  // account's current one, not the post's: an old link must not keep handing it out).
  const offMarket = row.status === 'sold' || expired;
  const phoneNumber = offMarket && actor?.id !== row.userId ? '' : post.phoneNumber;
  return {
    post: { ...post, phoneNumber, images, memberSince: row.memberSince.toISOString(), expired },
    sameForEveryone: actor?.id !== row.userId && postVisibility.canSee(null, row),
  };
}
