// Which notifications a person gets by mail (issue 33): five switches, all on until turned off, and the
// one-click unsubscribe link every such mail carries (RFC 8058). The link is signed for one person and
// the kinds that mail held (HMAC with a key derived from the server's cookie secret), so it turns off
// exactly those without signing in, and a changed link is refused.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { MSG } from '../../../shared/messages';
import {
  EMAIL_SETTING_KEYS,
  type EmailSettingKey,
  type NotificationSettings,
} from '../../../shared/schemas/notifications';
import type { Executor } from '../../db/client';
import { notificationSettings, users } from '../../db/schema';
import { badRequest } from '../../errors';

export type EmailSettings = NotificationSettings['email'];

const ALL_ON: EmailSettings = {
  messages: true,
  comments: true,
  savedSearches: true,
  listings: true,
  moderation: true,
};

export async function emailSettingsOf(db: Executor, userId: number): Promise<EmailSettings> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  if (!row) return { ...ALL_ON };
  const { userId: _, ...email } = row;
  return email;
}

export async function updateEmailSettings(db: Executor, userId: number, change: Partial<EmailSettings>) {
  // Only the switches named change: an unsubscribe and a settings change at once both count.
  if (Object.keys(change).length === 0) return { email: await emailSettingsOf(db, userId) };
  await db
    .insert(notificationSettings)
    .values({ userId, ...ALL_ON, ...change })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: change });
  return { email: await emailSettingsOf(db, userId) };
}

/** Signs and reads one-click unsubscribe tokens: `<user id>.<kinds joined by +>.<signature>`. */
export class UnsubscribeLinks {
  readonly #key: Buffer;

  constructor(secret: Buffer) {
    this.#key = createHmac('sha256', secret).update('notification-unsubscribe').digest();
  }

  #sign(userId: number, kinds: string) {
    return createHmac('sha256', this.#key).update(`${userId}:${kinds}`).digest('base64url');
  }

  token(userId: number, kinds: EmailSettingKey[]): string {
    const list = [...new Set(kinds)].join('+');
    return `${userId}.${list}.${this.#sign(userId, list)}`;
  }

  /** The person and kinds a token names, or a 400 for anything tampered with. */
  read(token: string): { userId: number; kinds: EmailSettingKey[] } {
    const refuse = () =>
      badRequest(MSG.notifications.badUnsubscribeLink, { token: MSG.notifications.badUnsubscribeLink });
    const match = /^([1-9]\d{0,9})\.([A-Za-z+]{1,100})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) throw refuse();
    const [, id = '', list = '', signature = ''] = match;
    const userId = Number(id);
    const expected = Buffer.from(this.#sign(userId, list));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse();
    const kinds = list.split('+');
    if (
      !kinds.every((kind): kind is EmailSettingKey =>
        (EMAIL_SETTING_KEYS as readonly string[]).includes(kind),
      )
    )
      throw refuse();
    return { userId, kinds };
  }
}

/** Turns off the kinds a signed token names (a deleted account: nothing to turn off, still a 200). */
export async function unsubscribe(db: Executor, links: UnsubscribeLinks, token: string) {
  const { userId, kinds } = links.read(token);
  const [user] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
  if (user && !user.deletedAt)
    await updateEmailSettings(db, userId, Object.fromEntries(kinds.map((kind) => [kind, false])));
  return { unsubscribed: true as const, message: MSG.notifications.unsubscribed };
}
