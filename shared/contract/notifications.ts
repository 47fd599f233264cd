// Notifications, saved searches and the email settings (issue 33). Messages are counted apart
// (GET /api/me/unread); the live stream sends `notification` and `unread` events.
import { z } from 'zod';
import { MAX_ID } from '../ids';
import { MSG } from '../messages';
import {
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
  notificationsPageSchema,
  notificationsReadSchema,
  savedSearchesSchema,
  savedSearchSchema,
} from '../schemas/notifications';
import { idSchema } from '../validation';
import { area } from './define';
import { postsQuery } from './feed';

const invalid = { error: MSG.errors.invalidInput };

/** The /home filter's fields (GET /api/posts), at least one set. */
export const savedSearchBody = postsQuery
  .pick({ search: true, type: true, category: true, city: true, sell_or_buy: true, currency: true })
  .refine(
    (fields) => Object.values(fields).some((value) => typeof value === 'string' && value.trim() !== ''),
    {
      error: MSG.savedSearches.needsFilter,
    },
  );

const savedSearchParams = z.object({ id: idSchema(MSG.savedSearches.notFound) });

export const notificationCalls = area('notifications', {
  notifications: {
    summary: "The caller's notifications, newest first (keyset pages of 20)",
    query: z.object({ cursor: z.string().max(100, invalid).optional() }),
    responses: { 200: notificationsPageSchema },
    errors: [400, 401],
  },
  readNotifications: {
    summary: 'Mark notifications read: the given ids, or all of them without ids; answers the unread count',
    body: z
      .object({
        ids: z
          .array(z.number().int().positive(invalid).max(MAX_ID, invalid), invalid)
          .max(100, invalid)
          .optional(),
      })
      .optional(),
    responses: { 200: notificationsReadSchema },
    errors: [400, 401, 429],
  },
  notificationSettings: {
    summary: 'Which notifications the caller gets by email while away (all on by default)',
    responses: { 200: notificationSettingsSchema },
    errors: [401],
  },
  updateNotificationSettings: {
    summary: 'Turn email notifications on or off, per kind',
    body: notificationSettingsUpdateSchema,
    responses: { 200: notificationSettingsSchema },
    errors: [400, 401, 429],
  },
  unsubscribe: {
    summary: "A mail's one-click unsubscribe (RFC 8058): turns that kind of email off without signing in",
    description: 'The link is signed for one person and one kind; a tampered or unknown link is 400.',
    query: z.object({ token: z.string().max(300, { error: MSG.notifications.badUnsubscribeLink }) }),
    body: z.looseObject({}).optional(),
    responses: { 200: z.object({ unsubscribed: z.literal(true), message: z.string() }) },
    errors: [400, 429],
  },
});

export const savedSearchCalls = area('saved-searches', {
  savedSearches: {
    summary: "The caller's saved searches, each with the posts listed since it was last opened",
    responses: { 200: savedSearchesSchema },
    errors: [401],
  },
  createSavedSearch: {
    summary: 'Save a /home search or filter (at most 20; 409 past that)',
    body: savedSearchBody,
    responses: { 201: savedSearchSchema },
    errors: [400, 401, 409, 429],
  },
  seeSavedSearch: {
    summary: 'The caller opened this saved search: its new count starts again from 0',
    params: savedSearchParams,
    responses: { 200: savedSearchSchema },
    errors: [400, 401, 404, 429],
  },
  deleteSavedSearch: {
    summary: 'Delete a saved search',
    params: savedSearchParams,
    responses: { 200: z.object({ id: z.number().int(), deleted: z.literal(true) }) },
    errors: [400, 401, 404, 429],
  },
});
