// Idempotency-Keys (decision 026): create-post's as the client sent it, and a message's scoped to its
// conversation (issue 32; scopedKey), so the two never meet. The (user_id, key) primary key is what makes a key count once: a second
// transaction claiming the same key waits for the first to commit, then finds its row (and its answer)
// instead of a free key.
import { and, eq, lt } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { idempotencyKeys } from '../db/schema';

/**
 * A key for one scope of a call other than create-post: it starts with a control character, which no
 * client's key can hold (IDEMPOTENCY_KEY_PATTERN: printable ASCII), so it never equals another's.
 */
export const scopedKey = (scope: string, key: string) => `\x1f${scope}\x1f${key}`;

export interface StoredAnswer {
  statusCode: number;
  response: unknown;
}

/** Claims the key for this user; false when it was claimed before (its answer is then stored). */
export async function claimKey(db: Executor, userId: number, key: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ userId, key, statusCode: 0, response: {}, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

export async function storeAnswer(
  db: Executor,
  userId: number,
  key: string,
  answer: StoredAnswer,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set(answer)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

export async function findAnswer(db: Executor, userId: number, key: string): Promise<StoredAnswer | null> {
  const [row] = await db
    .select({ statusCode: idempotencyKeys.statusCode, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row ?? null;
}

/** Deletes the keys older than `before`; returns how many. */
export async function deleteKeysBefore(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
