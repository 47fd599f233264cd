// The notification calls (issue 33): a person's list newest first (keyset pages on the time it was
// last raised), marking some or all read, and the unread count that answers it.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DELETED_USER_NAME, MSG } from '../../../shared/messages';
import type { SignedInActor } from '../../actor';
import type { Executor } from '../../db/client';
import { decodeCursor, encodeCursor, olderThan, positionOf } from '../../db/keyset';
import { notificationSettings, notifications } from '../../db/schema';
import type { Deps } from '../../deps';
import { badRequest } from '../../errors';
import { appendUnreadEvent, unreadCounts } from '../live';
import { presentNotification } from './present';
import { emailSettingsOf } from './settings';

const PAGE_SIZE = 20;

export async function listNotifications(deps: Pick<Deps, 'database'>, actor: SignedInActor, cursor?: string) {
  const after = cursor ? decodeCursor(cursor) : undefined;
  if (cursor && !after) throw badRequest(MSG.errors.invalidInput, { cursor: MSG.errors.invalidInput });
  const rows = await deps.database.db
    .select({ row: notifications, position: positionOf(notifications.at) })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, actor.id),
        after ? olderThan(notifications.at, notifications.id, after) : undefined,
      ),
    )
    .orderBy(desc(notifications.at), desc(notifications.id))
    .limit(PAGE_SIZE + 1);
  const shown = rows.slice(0, PAGE_SIZE);
  const last = shown.at(-1);
  return {
    notifications: shown.map(({ row }) => presentNotification(row)),
    nextCursor: rows.length > PAGE_SIZE && last ? encodeCursor({ at: last.position, id: last.row.id }) : null,
  };
}

/**
 * Marks the given notifications of the caller read (others' ids change nothing), or all without ids;
 * answers the unread count. Only rows still unread are written, and the counts event goes only then.
 */
export async function readNotifications(
  deps: Pick<Deps, 'database' | 'clock' | 'live'>,
  actor: SignedInActor,
  ids?: number[],
) {
  const now = deps.clock.now();
  const result = await deps.database.db.transaction(async (tx) => {
    const marked = await tx
      .update(notifications)
      .set({ readAt: now })
      .where(
        and(
          eq(notifications.userId, actor.id),
          isNull(notifications.readAt),
          ids ? inArray(notifications.id, ids.length > 0 ? ids : [0]) : undefined,
        ),
      )
      .returning({ id: notifications.id });
    const hinted = marked.length > 0 ? await appendUnreadEvent(tx, actor.id, now) : [];
    return { hinted, counts: await unreadCounts(tx, actor.id) };
  });
  deps.live.hint(result.hinted);
  return { unread: result.counts.notifications };
}

/** Everything a person was told, newest first, and their mail settings (their data export). */
export async function notificationsOf(db: Executor, userId: number) {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.at), desc(notifications.id));
  return {
    notifications: rows.map(presentNotification),
    notificationSettings: { email: await emailSettingsOf(db, userId) },
  };
}

/**
 * Forgets a person's notifications and settings (the account is deleted; its row stays, emptied), and
 * their name in others' notifications: it reads 'Deleted user' there, like their comments.
 */
export async function forgetNotificationsOf(db: Executor, userId: number) {
  await db.delete(notifications).where(eq(notifications.userId, userId));
  await db.delete(notificationSettings).where(eq(notificationSettings.userId, userId));
  await db.execute(sql`update ${notifications} set actors = (
      select jsonb_agg(case when (a ->> 'id')::int = ${userId}::int then jsonb_build_object('id', ${userId}::int, 'name', ${DELETED_USER_NAME}::text) else a end)
      from jsonb_array_elements(${notifications.actors}) a)
    where ${notifications.actors} @> ${JSON.stringify([{ id: userId }])}::jsonb`);
}
