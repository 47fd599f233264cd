// SQL of blocks (issue 32): who blocked whom, and when.
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { blocks, users } from '../../db/schema';

/** Blocks `blockedId` for `blockerId` (again: nothing changes). */
export async function insertBlock(db: Executor, blockerId: number, blockedId: number, now: Date) {
  await db.insert(blocks).values({ blockerId, blockedId, createdAt: now }).onConflictDoNothing();
}

export async function deleteBlock(db: Executor, blockerId: number, blockedId: number) {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

/** Whether either of the two has blocked the other. */
export async function isBlockedEitherWay(db: Executor, a: number, b: number): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The people `blockerId` blocked, most recent first. */
export async function listBlocked(db: Executor, blockerId: number) {
  return db
    .select({ id: users.id, name: users.name, blockedAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt));
}

/** Which of `others` `userId` has blocked or been blocked by (a page of conversations at once). */
export async function blockedAmong(db: Executor, userId: number, others: number[]): Promise<Set<number>> {
  if (others.length === 0) return new Set();
  const rows = await db
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, userId), inArray(blocks.blockedId, others)),
        and(eq(blocks.blockedId, userId), inArray(blocks.blockerId, others)),
      ),
    );
  return new Set(rows.map((row) => (row.blockerId === userId ? row.blockedId : row.blockerId)));
}
