// SQL of the seller page: the account as the public may know it, and how many of its posts are listed.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { posts, users } from '../../db/schema';
import { postVisibility } from '../posts';

/** The seller's public fields and whether they are suspended; never their email or phone. */
export async function findSellerRow(db: Executor, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      createdAt: users.createdAt,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** How many of the seller's posts the public feeds list (the one `listed` rule). */
export async function countListedPosts(db: Executor, userId: number, cutoff: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(posts)
    .where(and(postVisibility.listed(cutoff), eq(posts.userId, userId)));
  return row?.n ?? 0;
}

/** Whether the account has ever published a post (still public or not): only sellers have a page. */
export async function hasEverPublished(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.userId, userId), isNotNull(posts.publishedAt)))
    .limit(1);
  return rows.length > 0;
}
