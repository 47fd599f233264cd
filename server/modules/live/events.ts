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

/** Users looked up in one query at most (PostgreSQL takes at most 65,535 parameters). */
const CHUNK = 1000;

/** Each user's last event number (0 before the first): the poll's one small read per chunk of streams. */
export async function lastSeqs(db: Executor, userIds: number[]): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const rows = await db
      .select({ userId: eventCounters.userId, seq: eventCounters.lastSeq })
      .from(eventCounters)
      .where(inArray(eventCounters.userId, userIds.slice(i, i + CHUNK)));
    for (const row of rows) found.set(row.userId, row.seq);
  }
  return found;
}

/** Deletes the events older than `before`, a batch at a time; answers how many. */
export async function deleteEventsBefore(db: Executor, before: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = db
      .select({ userId: userEvents.userId, seq: userEvents.seq })
      .from(userEvents)
      .where(lt(userEvents.createdAt, before))
      .limit(5000);
    const rows = await db
      .delete(userEvents)
      .where(sql`(${userEvents.userId}, ${userEvents.seq}) in ${batch}`)
      .returning({ seq: userEvents.seq });
    deleted += rows.length;
    if (rows.length < 5000) return deleted;
  }
}
/** Forgets a user's events and their counter (the account is deleted). */
export async function forgetEventsOf(db: Executor, userId: number) {
  await db.delete(userEvents).where(eq(userEvents.userId, userId));
  await db.delete(eventCounters).where(eq(eventCounters.userId, userId));
}
