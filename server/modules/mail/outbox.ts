// The outbox (issue 31): a mail is a row written in the transaction of the change that causes it, so
// a change and its mail are kept or lost together; the delivery job (delivery.ts) sends it later.
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { MailContent } from './templates';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** Queues a mail to one address, in the caller's transaction, due at once (`now`: the app's clock). */
export async function enqueueMail(tx: Executor, now: Date, to: string, kind: string, content: MailContent) {
  await tx.insert(mailOutbox).values({
    toAddress: to,
    kind,
    createdAt: now,
    nextAttemptAt: now,
    subject: content.subject,
    textBody: content.text,
    htmlBody: content.html,
    link: content.link ?? null,
    headers: content.headers ?? null,
  });
}

const waiting = and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt));

/**
 * Claims up to `limit` mails that are due, oldest first: their next attempt moves to `leaseUntil`, so
 * neither this instance's next run nor another instance takes them while they are being sent.
 * SKIP LOCKED lets two instances claim at once without waiting on each other's rows.
 */
export async function claimDue(
  db: Executor,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(waiting, lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ nextAttemptAt: leaseUntil, attempts: sql`${mailOutbox.attempts} + 1` })
      .where(
        inArray(
          mailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** Sent: the body, which may hold a one-time link, is not kept. */
export async function markSent(db: Executor, id: number, at: Date) {
  await db
    .update(mailOutbox)
    .set({ sentAt: at, textBody: null, htmlBody: null, link: null, lastError: null })
    .where(eq(mailOutbox.id, id));
}

/** Not sent this time: tried again at `retryAt`, or never again when `retryAt` is null (refused for good). */
export async function markFailed(db: Executor, id: number, error: string, retryAt: Date | null, now: Date) {
  await db
    .update(mailOutbox)
    .set(
      retryAt
        ? { nextAttemptAt: retryAt, lastError: error }
        : { failedAt: now, lastError: error, textBody: null, htmlBody: null, link: null },
    )
    .where(eq(mailOutbox.id, id));
}

/** How many mails wait and since when (the oldest's age): for logs now, metrics later. */
export async function outboxDepth(db: Executor) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${mailOutbox.createdAt})` })
    .from(mailOutbox)
    .where(waiting);
  return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}
