// A person's own data (issue 31; Zimbabwe's Cyber and Data Protection Act gives the right to see it):
// everything held about them as one JSON download, and deleting the account.
import { z } from 'zod';
import { REPORT_REASONS, REPORT_TARGETS } from '../moderation';
import { ROLES } from '../roles';
import { notificationSchema, notificationSettingsSchema, savedSearchSchema } from '../schemas/notifications';
import { imageSchema, itemSchema } from '../schemas/post';
import { messageSchema } from '../schemas/user';
import { area } from './define';

const when = z.string();

export const accountExportSchema = z.object({
  exportedAt: when,
  profile: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    phoneNumber: z.string(),
    role: z.enum(ROLES),
    memberSince: when,
    showPhoneOnPosts: z.boolean(),
  }),
  /** Every post, published or not, with its images' URLs. */
  posts: z.array(z.object({ item: itemSchema, createdAt: when, images: z.array(imageSchema) })),
  comments: z.array(
    z.object({ id: z.number().int(), postId: z.number().int(), content: z.string(), createdAt: when }),
  ),
  likes: z.array(z.object({ postId: z.number().int(), likedAt: when })),
  favourites: z.array(z.object({ postId: z.number().int(), savedAt: when })),
  reports: z.array(
    z.object({
      targetType: z.enum(REPORT_TARGETS),
      targetId: z.number().int(),
      reason: z.enum(REPORT_REASONS),
      note: z.string().nullable(),
      status: z.string(),
      createdAt: when,
    }),
  ),
  /** Each conversation with the messages the person can see in it (their own, and those delivered to them). */
  conversations: z.array(
    z.object({
      id: z.number().int(),
      postId: z.number().int(),
      postName: z.string(),
      with: z.string(),
      messages: z.array(z.object({ fromMe: z.boolean(), body: z.string(), sentAt: when })),
    }),
  ),
  /** The people they blocked. */
  blocked: z.array(z.object({ userId: z.number().int(), name: z.string(), blockedAt: when })),
  /** What they were told (issue 33), newest first, and which of it they get by mail. */
  notifications: z.array(notificationSchema),
  notificationSettings: notificationSettingsSchema,
  /** Their saved /home searches. */
  savedSearches: z.array(savedSearchSchema.omit({ newCount: true })),
  /** Where the account is signed in: when each session began and was last used (never its token). */
  sessions: z.array(z.object({ createdAt: when, lastSeenAt: when, expiresAt: when, current: z.boolean() })),
});

export const myDataCalls = area('my data', {
  exportAccount: {
    summary: 'Everything held about the signed-in user, as a JSON attachment',
    responses: { 200: accountExportSchema },
    errors: [401, 429],
  },
  deleteAccount: {
    summary:
      'Delete the account: posts, images, likes, saved posts, blocks, notifications, saved searches and sessions go; comments and sent messages stay as Deleted user',
    description:
      'The password is checked like a sign-in (a wrong one is a 403 and counts toward the lockout). The email address and phone number are freed; a last mail goes to the address.',
    body: z.object({ password: z.string('Password is required.').min(1, 'Password is required.').max(1024) }),
    responses: { 200: messageSchema },
    errors: [400, 401, 403, 429],
  },
});
