// A post's cover (its first image by position) as a lateral subquery, so a list of posts gets its
// covers in the same query: the feeds and the favourites list join it the same way.
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { postImages, posts } from '../../db/schema';

/** `leftJoinLateral(cover, sql\`true\`)` it beside `posts`, and select `coverColumns(cover)`. */
export function coverOfPost(db: Executor) {
  return db
    .select({
      id: postImages.id,
      thumbKey: postImages.thumbKey,
      mediumKey: postImages.mediumKey,
      fullKey: postImages.fullKey,
      width: postImages.width,
      height: postImages.height,
    })
    .from(postImages)
    .where(eq(postImages.postId, posts.id))
    .orderBy(asc(postImages.position), asc(postImages.id))
    .limit(1)
    .as('cover');
}

export const coverColumns = (cover: ReturnType<typeof coverOfPost>) => ({
  id: cover.id,
  thumbKey: cover.thumbKey,
  mediumKey: cover.mediumKey,
  fullKey: cover.fullKey,
  width: cover.width,
  height: cover.height,
});
