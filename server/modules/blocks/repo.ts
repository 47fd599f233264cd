// SQL of blocks (issue 32): who blocked whom, and when.
import { type AnyColumn, and, desc, eq, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { blocks, users } from '../../db/schema';

/**
 * Blocks `blockedId` for `blockerId` (again: nothing changes, and the block keeps its first time).
 * The database's clock stamps it, as it stamps comments: which comments came after a block is a
 * comparison of the two (blockedBefore), so both come from one clock, at the same precision.
 */
export async function insertBlock(db: Executor, blockerId: number, blockedId: number) {
  await db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function deleteBlock(db: Executor, blockerId: number, blockedId: number) {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

/** Forgets the blocks a person made (their account is deleted); others' blocks of them stay theirs. */
export async function forgetBlocksBy(db: Executor, blockerId: number) {
  await db.delete(blocks).where(eq(blocks.blockerId, blockerId));
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

/** Whether `blockerId` has blocked anyone at all (most people never do). */
export async function hasBlockedAnyone(db: Executor, blockerId: number): Promise<boolean> {
  const [row] = await db
    .select({ blockedId: blocks.blockedId })
    .from(blocks)
    .where(eq(blocks.blockerId, blockerId))
    .limit(1);
  return row !== undefined;
}

type Operand = AnyColumn | Placeholder | SQL | number;

/**
 * A condition for another module's query: `blockerId` blocked the user `userId` before the time `at`
 * (each a column of that query, a placeholder or a value). One index probe (the primary key).
 */
export const blockedBefore = (blockerId: Operand, userId: Operand, at: Operand): SQL =>
  sql`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${blockerId} and ${blocks.blockedId} = ${userId} and ${blocks.createdAt} < ${at})`;

/** The people `blockerId` blocked, most recent first. */
export async function listBlocked(db: Executor, blockerId: number) {
  return db
    .select({ id: users.id, name: users.name, blockedAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId));
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
