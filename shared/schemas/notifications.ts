// Wire shapes of notifications, saved searches and the email settings (issue 33).
import { z } from 'zod';
import { CATEGORIES, CITIES, CURRENCIES, POST_TYPES, SELL_OR_BUY } from '../catalog';

const id = z.number().int();

export const NOTIFICATION_KINDS = [
  'comment',
  'like',
  'moderation',
  'expiring',
  'expired',
  'saved-search',
  'favourite-sold',
  'favourite-price',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** One notification: `text` is a finished sentence, `link` a same-site path. */
export const notificationSchema = z.object({
  id,
  kind: z.enum(NOTIFICATION_KINDS),
  text: z.string(),
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
  /** Who did it, newest first (at most 3 named); `count` says how many in all. */
  actors: z.array(z.object({ id, name: z.string() })),
  count: z.number().int(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsPageSchema = z.object({
  notifications: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
});

export const notificationsReadSchema = z.object({ unread: z.number().int() });

/** What a saved search narrows by: the /home filter's fields, null where not set. */
export const savedSearchSchema = z.object({
  id,
  search: z.string().nullable(),
  type: z.enum(POST_TYPES).nullable(),
  category: z.enum(CATEGORIES).nullable(),
  city: z.enum(CITIES).nullable(),
  sell_or_buy: z.enum(SELL_OR_BUY).nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  /** How the search reads: '"honda fit" in Bulawayo'. */
  label: z.string(),
  /** Posts listed since the search was last opened. */
  newCount: z.number().int(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchesSchema = z.object({ savedSearches: z.array(savedSearchSchema) });

export const EMAIL_SETTING_KEYS = [
  'messages',
  'comments',
  'savedSearches',
  'listings',
  'moderation',
] as const;
export type EmailSettingKey = (typeof EMAIL_SETTING_KEYS)[number];

const emailSettings = z.object({
  messages: z.boolean(),
  comments: z.boolean(),
  savedSearches: z.boolean(),
  listings: z.boolean(),
  moderation: z.boolean(),
});
export const notificationSettingsSchema = z.object({ email: emailSettings });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
/** PUT: any of the switches; the rest stay as they are. */
export const notificationSettingsUpdateSchema = z.object({ email: emailSettings.partial() });

/** Which email each kind of notification belongs to. */
export const EMAIL_SETTING_OF: Record<NotificationKind, EmailSettingKey> = {
  comment: 'comments',
  like: 'comments',
  moderation: 'moderation',
  expiring: 'listings',
  expired: 'listings',
  'saved-search': 'savedSearches',
  'favourite-sold': 'listings',
  'favourite-price': 'listings',
};
