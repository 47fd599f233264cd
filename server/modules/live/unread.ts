// What waits for a person (issues 32, 33): unread messages (each side's counter in conversation_members)
// and unread notifications (their partial index).
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { conversationMembers, notifications } from '../../db/schema';
import { appendEvents } from './events';

export interface UnreadCounts {
  messages: number;
  notifications: number;
}

export async function unreadCounts(db: Executor, userId: number): Promise<UnreadCounts> {
  const [row] = await db
    .select({ messages: sql<number>`coalesce(sum(${conversationMembers.unread}), 0)::int` })
    .from(conversationMembers)
    // A side with no activity has nothing unread; saying so lets the inbox's partial index answer.
    .where(and(eq(conversationMembers.userId, userId), isNotNull(conversationMembers.activityAt)));
  const [unseen] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return { messages: row?.messages ?? 0, notifications: unseen?.n ?? 0 };
}

/** An 'unread' event with the user's counts now, in the caller's transaction. */
export async function appendUnreadEvent(tx: Executor, userId: number, now: Date) {
  return appendEvents(tx, [{ userId, kind: 'unread', data: await unreadCounts(tx, userId) }], now);
}
