// SQL for post images. Every function takes an executor so the service can run it in a transaction.
import { asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { postImages, posts } from '../../db/schema';
import { type ImageRow, postVisibility } from '../posts';

export type NewImage = Pick<ImageRow, 'thumbKey' | 'mediumKey' | 'fullKey' | 'width' | 'height' | 'bytes'>;

type ImageKeys = Pick<ImageRow, 'thumbKey' | 'mediumKey' | 'fullKey'>;
const keyColumns = {
  thumbKey: postImages.thumbKey,
  mediumKey: postImages.mediumKey,
  fullKey: postImages.fullKey,
};

/** The stored files of an image row: its variants' keys (no medium for rows older than it, decision 018). */
export const keysOf = (row: ImageKeys): string[] =>
  [row.thumbKey, row.mediumKey, row.fullKey].filter((key): key is string => key !== null);

/** The image rows that name `key` as one of their variants. */
const namesKey = (key: string) =>
  or(eq(postImages.thumbKey, key), eq(postImages.mediumKey, key), eq(postImages.fullKey, key));

export async function countImages(db: Executor, postId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(postImages)
    .where(eq(postImages.postId, postId));
  return row?.count ?? 0;
}

export async function listImages(db: Executor, postId: number): Promise<ImageRow[]> {
  return db
    .select()
    .from(postImages)
    .where(eq(postImages.postId, postId))
    .orderBy(asc(postImages.position), asc(postImages.id));
}

/** Appends the images after the post's last position, in the given order. */
export async function insertImages(db: Executor, postId: number, images: NewImage[]): Promise<ImageRow[]> {
  const [last] = await db
    .select({ position: sql<number>`coalesce(max(${postImages.position}), -1)::int` })
    .from(postImages)
    .where(eq(postImages.postId, postId));
  const start = (last?.position ?? -1) + 1;
  return db
    .insert(postImages)
    .values(images.map((image, i) => ({ ...image, postId, position: start + i })))
    .returning();
}

export async function findImage(db: Executor, id: number): Promise<ImageRow | undefined> {
  const [row] = await db.select().from(postImages).where(eq(postImages.id, id)).limit(1);
  return row;
}

export async function deleteImage(db: Executor, id: number): Promise<void> {
  await db.delete(postImages).where(eq(postImages.id, id));
}

/**
 * Who may see a stored file: its post's owner and publication, found by any of the image's keys in
 * one query on the key indexes (post_images_{thumb,medium,full}_key_idx). A key is an upload's own,
 * but the seed shares sample files between posts: then the post visitors may see wins.
 */
export function mediaPostQuery(db: Executor, key: string) {
  return db
    .select({ ...postVisibility.columns, ...keyColumns })
    .from(postImages)
    .innerJoin(posts, eq(posts.id, postImages.postId))
    .where(namesKey(key))
    .orderBy(desc(postVisibility.visibleTo(null)))
    .limit(1);
}

export async function findMediaPost(db: Executor, key: string) {
  const [row] = await mediaPostQuery(db, key);
  return row;
}

/** Which of `keys` an image row still names (the seed shares sample files between posts). */
export async function keysInUse(db: Executor, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select(keyColumns)
    .from(postImages)
    .where(
      or(
        inArray(postImages.thumbKey, keys),
        inArray(postImages.mediumKey, keys),
        inArray(postImages.fullKey, keys),
      ),
    );
  return new Set(rows.flatMap(keysOf));
}

/** The stored files of a post's images (the post is being deleted). */
export async function keysOfPost(db: Executor, postId: number): Promise<string[]> {
  const rows = await db.select(keyColumns).from(postImages).where(eq(postImages.postId, postId));
  return rows.flatMap(keysOf);
}
