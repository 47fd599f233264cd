// Mail for people who are away (issue 33, decision 041): what a person missed (unread messages first,
// then unread notifications not mailed yet) goes into one mail once they have not used the app for
// NOTIFY_AWAY_MINUTES, at most one mail every NOTIFY_MAIL_MINUTES, only the kinds they keep on. Each
// person is mailed in a transaction that locks their row (SKIP LOCKED: two instances never mail one
// person twice) and writes the mail to the outbox with the marks, so a crash neither loses nor repeats it.
import { and, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import {
  EMAIL_SETTING_OF,
  type EmailSettingKey,
  type NotificationKind,
} from '../../../shared/schemas/notifications';
import type { Executor } from '../../db/client';
import {
  conversationMembers,
  conversations,
  notificationSettings,
  notifications,
  posts,
  users,
} from '../../db/schema';
import type { Deps } from '../../deps';
import { enqueueMail, type MissedItem, mails } from '../mail';
import { type NotificationRow, notificationText } from './present';
import { emailSettingsOf, type UnsubscribeLinks } from './settings';

type AwayDeps = Pick<Deps, 'database' | 'clock' | 'config' | 'mail'> & {
  unsubscribeLinks: UnsubscribeLinks;
  log?: { warn(obj: object, msg: string): void };
};

/** People looked at in one run; the rest wait for the next. */
const BATCH = 200;
/** Notifications one mail lists at most (the newest); the rest are marked told of. */
const MOST_PER_MAIL = 20;

const NEVER = new Date(0);

/**
 * Who may be mailed: a confirmed address (never a stranger's that someone signed up with), not deleted
 * or suspended, away long enough, and not mailed too lately.
 */
const mailable = (awayBefore: Date, mailedBefore: Date) => [
  isNotNull(users.emailVerifiedAt),
  isNull(users.deletedAt),
  isNull(users.suspendedAt),
  or(isNull(users.lastActiveAt), lte(users.lastActiveAt, awayBefore)),
  or(isNull(users.notifyMailedAt), lte(users.notifyMailedAt, mailedBefore)),
];

/** Mails everyone due; answers how many mails were queued. */
export async function mailWhatWasMissed(deps: AwayDeps): Promise<number> {
  const now = deps.clock.now();
  const { awayMs, mailEveryMs } = deps.config.notifications;
  const awayBefore = new Date(now.getTime() - awayMs);
  const mailedBefore = new Date(now.getTime() - mailEveryMs);
  const db = deps.database.db;
  // Who has something waiting, from the two partial indexes; the rest is checked for those only.
  const waiting = sql`(select ${notifications.userId} from ${notifications} where ${notifications.mailedAt} is null and ${notifications.readAt} is null
    union select ${conversationMembers.userId} from ${conversationMembers} where ${conversationMembers.unread} > 0)`;
  // Messages that arrived since their last such mail, unless they turned message mail off.
  const newMessages = sql`(exists (select 1 from ${conversationMembers} where ${conversationMembers.userId} = ${users.id}
    and ${conversationMembers.unread} > 0 and ${conversationMembers.activityAt} > coalesce(${users.notifyMailedAt}, 'epoch'))
    and coalesce((select ${notificationSettings.messages} from ${notificationSettings} where ${notificationSettings.userId} = ${users.id}), true))`;
  const unmailed = sql`exists (select 1 from ${notifications} where ${notifications.userId} = ${users.id}
    and ${notifications.mailedAt} is null and ${notifications.readAt} is null)`;
  const due = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(sql`${users.id} in ${waiting}`, or(unmailed, newMessages), ...mailable(awayBefore, mailedBefore)),
    )
    .orderBy(users.id)
    .limit(BATCH);
  let queued = 0;
  for (const { id } of due) {
    // One person's failure does not stop the others' mail.
    try {
      if (await mailOne(deps, id, now, awayBefore, mailedBefore)) queued++;
    } catch (error) {
      deps.log?.warn({ err: error, userId: id }, 'away mail not written for this person');
    }
  }
  if (queued > 0) deps.mail.wake();
  return queued;
}

async function mailOne(deps: AwayDeps, userId: number, now: Date, awayBefore: Date, mailedBefore: Date) {
  const publicUrl = deps.config.publicUrl;
  return deps.database.db.transaction(async (tx) => {
    // Still due once locked (another instance may have just mailed them, or they came back).
    const [user] = await tx
      .select({ name: users.name, email: users.email, mailedAt: users.notifyMailedAt })
      .from(users)
      .where(and(eq(users.id, userId), ...mailable(awayBefore, mailedBefore)))
      // NO KEY UPDATE: inserts that reference the person (their events) still go through meanwhile.
      .for('no key update', { skipLocked: true });
    if (!user) return false;
    const settings = await emailSettingsOf(tx, userId);
    const messages = settings.messages ? await unreadConversations(tx, userId, user.mailedAt ?? NEVER) : [];
    const pending = await tx
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, userId), isNull(notifications.mailedAt), isNull(notifications.readAt)),
      )
      .orderBy(desc(notifications.at), desc(notifications.id))
      // Locked: a row raised again meanwhile waits for this mail, and is told of in the next.
      .for('update');
    const wanted = pending.filter((row) => settings[settingOf(row)]).slice(0, MOST_PER_MAIL);
    // Every pending one is settled now: told of in this mail, or not to be mailed (its kind is off).
    if (pending.length > 0)
      await tx
        .update(notifications)
        .set({ mailedAt: now })
        .where(
          and(eq(notifications.userId, userId), isNull(notifications.mailedAt), isNull(notifications.readAt)),
        );
    const items: MissedItem[] = [
      ...messages.map((c) => ({
        text:
          c.unread === 1
            ? `${c.otherName} sent you a message about "${c.postName}"`
            : `${c.otherName} sent you ${c.unread} messages about "${c.postName}"`,
        url: `${publicUrl}/messages/${c.id}`,
      })),
      ...wanted.map((row) => ({ text: notificationText(row), url: `${publicUrl}${row.link}` })),
    ];
    if (items.length === 0) return false;
    const kinds: EmailSettingKey[] = [
      ...(messages.length > 0 ? (['messages'] as const) : []),
      ...wanted.map(settingOf),
    ];
    const unsubscribeUrl = `${publicUrl}/api/notification-settings/unsubscribe?token=${encodeURIComponent(
      deps.unsubscribeLinks.token(userId, kinds),
    )}`;
    const content = mails.whatYouMissed(user.name, items, `${publicUrl}/settings/notifications`);
    await enqueueMail(tx, now, user.email, 'notifications', {
      ...content,
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    await tx.update(users).set({ notifyMailedAt: now }).where(eq(users.id, userId));
    return true;
  });
}

const settingOf = (row: NotificationRow) => EMAIL_SETTING_OF[row.kind as NotificationKind] ?? 'comments';

/** Conversations with messages the person has not read that arrived since the last such mail. */
function unreadConversations(tx: Executor, userId: number, since: Date) {
  const other = sql<number>`case when ${conversations.buyerId} = ${userId} then ${conversations.sellerId} else ${conversations.buyerId} end`;
  return tx
    .select({
      id: conversations.id,
      unread: conversationMembers.unread,
      otherName: users.name,
      postName: sql<string>`coalesce(${posts.name}, ${conversations.postName}, '')`,
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .innerJoin(users, eq(users.id, other))
    .leftJoin(posts, eq(posts.id, conversations.postId))
    .where(
      and(
        eq(conversationMembers.userId, userId),
        gt(conversationMembers.unread, 0),
        gt(conversationMembers.activityAt, since),
      ),
    )
    .orderBy(desc(conversationMembers.activityAt))
    .limit(10);
}
