// Each user's live events as rows (issue 32, decision 040): numbered per user in commit order. A
// transaction that writes events locks each user's counter row (in user id order, so two writers
// never deadlock), so a later number never commits before an earlier one and a reconnect replays
// exactly what it missed. The stream only hints that new rows exist.
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { eventCounters, userEvents } from '../../db/schema';

export type EventKind = 'message' | 'unread' | 'notification';

export interface NewEvent {
  userId: number;
  kind: EventKind;
  data: unknown;
}

export interface StoredEvent {
  userId: number;
  seq: number;
  kind: string;
  data: unknown;
}

/** How long events are kept for a reconnect to replay. */
export const EVENT_RETENTION_MS = 24 * 60 * 60_000;

/** Writes the events in the caller's transaction; answers the users they are for (to hint after the commit). */
export async function appendEvents(tx: Executor, events: NewEvent[], now: Date): Promise<number[]> {
  const ordered = [...events].sort((a, b) => a.userId - b.userId);
  for (const event of ordered) {
    const [counter] = await tx
      .insert(eventCounters)
      .values({ userId: event.userId, lastSeq: 1 })
      .onConflictDoUpdate({
        target: eventCounters.userId,
        set: { lastSeq: sql`${eventCounters.lastSeq} + 1` },
      })
      .returning({ seq: eventCounters.lastSeq });
    if (!counter) throw new Error('no event counter');
    await tx
      .insert(userEvents)
      .values({ userId: event.userId, seq: counter.seq, kind: event.kind, data: event.data, createdAt: now });
  }
  return [...new Set(ordered.map((event) => event.userId))];
}

/** The last number a user's events reached (0 before the first). */
export async function lastSeq(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ seq: eventCounters.lastSeq })
    .from(eventCounters)
    .where(eq(eventCounters.userId, userId));
  return row?.seq ?? 0;
}

/** A user's events after `afterSeq`, oldest first, at most `limit`. */
export function eventsAfter(
  db: Executor,
  userId: number,
  afterSeq: number,
  limit = 500,
): Promise<StoredEvent[]> {
  return db
    .select({ userId: userEvents.userId, seq: userEvents.seq, kind: userEvents.kind, data: userEvents.data })
    .from(userEvents)
    .where(and(eq(userEvents.userId, userId), gt(userEvents.seq, afterSeq)))
    .orderBy(asc(userEvents.seq))
    .limit(limit);
}

/** Several users' events after each one's number (a poll for every stream of an instance). */
export async function eventsAfterEach(db: Executor, after: Map<number, number>): Promise<StoredEvent[]> {
  if (after.size === 0) return [];
  const minSeq = Math.min(...after.values());
  const rows = await db
    .select({ userId: userEvents.userId, seq: userEvents.seq, kind: userEvents.kind, data: userEvents.data })
    .from(userEvents)
    .where(and(inArray(userEvents.userId, [...after.keys()]), gt(userEvents.seq, minSeq)))
    .orderBy(asc(userEvents.userId), asc(userEvents.seq))
    .limit(5000);
  return rows.filter((row) => row.seq > (after.get(row.userId) ?? 0));
}

/** Deletes the events older than `before`; answers how many. */
export async function deleteEventsBefore(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(userEvents)
    .where(lt(userEvents.createdAt, before))
    .returning({ seq: userEvents.seq });
  return rows.length;
}

/** Forgets a user's events and their counter (the account is deleted). */
export async function forgetEventsOf(db: Executor, userId: number) {
  await db.delete(userEvents).where(eq(userEvents.userId, userId));
  await db.delete(eventCounters).where(eq(eventCounters.userId, userId));
}
