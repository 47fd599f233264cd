// Raising a notification (issue 33, decision 041), in the transaction of the change that causes it:
// the row, its `notification` event and the new `unread` counts commit with the change or not at all.
// Never for one's own action, never from someone either of the two has blocked. The caller hints the
// live streams of the users it answers after the commit (deps.live.hint).
import { sql } from 'drizzle-orm';
import type { NotificationKind } from '../../../shared/schemas/notifications';
import type { Executor } from '../../db/client';
import { notifications } from '../../db/schema';
import { isBlockedEitherWay } from '../blocks';
import { appendEvents, appendUnreadEvent } from '../live';
import { type NotificationRow, presentNotification } from './present';

export interface Actor {
  id: number;
  name: string;
}

/**
 * How a row already raised under the same group key changes: 'once' leaves it (a comment, an expiry
 * notice: raised once), 'replace' takes the new actors, count and wording and raises it again (a day's
 * likes, a saved post's new price), 'add' adds the count to what is still unread (a saved search's new
 * matches: read ones start again from these).
 */
export type GroupMode = 'once' | 'replace' | 'add';

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  groupKey: string;
  mode: GroupMode;
  postId?: number | null;
  subject: string;
  detail?: string | null;
  link: string;
  /** In 'add' mode, the link once the row tells of more than one thing (a saved search's results). */
  groupLink?: string;
  /** Who caused it, newest first; the first is checked for own actions and blocks. */
  actors?: Actor[];
  count?: number;
}

/** Stores the notification and its events; answers the users whose streams to hint (none if dropped). */
export async function raiseNotification(tx: Executor, input: NewNotification, now: Date): Promise<number[]> {
  const actor = input.actors?.[0];
  if (actor && (actor.id === input.userId || (await isBlockedEitherWay(tx, input.userId, actor.id))))
    return [];
  const values = {
    userId: input.userId,
    kind: input.kind,
    groupKey: input.groupKey,
    postId: input.postId ?? null,
    subject: input.subject,
    detail: input.detail ?? null,
    link: (input.count ?? 1) > 1 && input.groupLink ? input.groupLink : input.link,
    actors: (input.actors ?? []).slice(0, 3),
    count: input.count ?? 1,
    at: now,
  };
  const insert = tx.insert(notifications).values(values);
  // 'add': what is still unread, plus the new ones.
  const added = sql`(case when ${notifications.readAt} is null then ${notifications.count} else 0 end) + excluded.count`;
  const target = [notifications.userId, notifications.groupKey];
  const written: NotificationRow[] =
    input.mode === 'once'
      ? await insert.onConflictDoNothing({ target }).returning()
      : await insert
          .onConflictDoUpdate({
            target,
            set: {
              subject: values.subject,
              detail: values.detail,
              actors: sql`excluded.actors`,
              count: input.mode === 'add' ? added : sql`excluded.count`,
              link:
                input.mode === 'add' && input.groupLink
                  ? sql`case when ${added} = 1 then excluded.link else ${input.groupLink} end`
                  : values.link,
              at: now,
              readAt: null,
              mailedAt: null,
            },
          })
          .returning();
  const row = written[0];
  if (!row) return [];
  const hinted = await appendEvents(
    tx,
    [{ userId: row.userId, kind: 'notification', data: presentNotification(row) }],
    now,
  );
  await appendUnreadEvent(tx, row.userId, now);
  return hinted;
}

/** Raises each (one transaction, the caller's); answers every user to hint. */
export async function raiseNotifications(
  tx: Executor,
  inputs: NewNotification[],
  now: Date,
): Promise<number[]> {
  const hinted = new Set<number>();
  // In user id order, as appendEvents locks each user's event counter: two writers never deadlock.
  const ordered = [...inputs].sort((a, b) => a.userId - b.userId);
  for (const input of ordered) for (const id of await raiseNotification(tx, input, now)) hinted.add(id);
  return [...hinted];
}
