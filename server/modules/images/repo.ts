// SQL for post images. Every function takes an executor so the service can run it in a transaction.
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { postImages } from '../../db/schema';
import type { ImageRow } from '../posts/presenter';

export type NewImage = Pick<ImageRow, 'thumbKey' | 'fullKey' | 'width' | 'height' | 'bytes'>;

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
