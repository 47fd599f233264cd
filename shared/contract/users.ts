// The profile and the password (spec §7, DESIGN §4): fetch-user, update-user, change-password and the
// two /pass steps. A user id the client sends must be the session's own. The /pass calls take
// form-encoded bodies, as the spec sends them (JSON too).
import { z } from 'zod';
import { MSG } from '../messages';
import { messageSchema, publicUserSchema } from '../schemas/user';
import { idSchema, newPasswordSchema, profileSchema } from '../validation';
import { area } from './define';

/** The user id several spec calls send: only compared with the session's (DESIGN §4). */
export const claimedUserIdSchema = idSchema(MSG.errors.invalidUserId).optional();

const currentPasswordField = z
  .string(MSG.login.passwordRequired)
  .min(1, MSG.login.passwordRequired)
  .max(1024, MSG.password.incorrect);

export const userCalls = area('users', {
  fetchUser: {
    summary: "The signed-in user's profile",
    query: z.object({ userId: claimedUserIdSchema }),
    responses: { 200: publicUserSchema },
    errors: [400, 401, 403, 404],
  },
  updateUser: {
    summary:
      'Edit name, email and phone (email stays unique in any case); a new email needs currentPassword or a /pass check in the last 5 minutes',
    body: profileSchema.extend({
      userId: claimedUserIdSchema,
      currentPassword: currentPasswordField.optional(),
    }),
    responses: { 200: publicUserSchema.extend({ message: z.string() }) },
    errors: [400, 401, 403, 404, 409, 429],
  },
  changePassword: {
    summary: 'Change the password with the current one; ends the other sessions',
    body: z.object({
      userId: claimedUserIdSchema,
      currentPassword: currentPasswordField,
      newPassword: newPasswordSchema,
    }),
    responses: { 200: messageSchema },
    errors: [400, 401, 403, 429],
  },
  currentUserPassword: {
    summary: 'Check the current password (/pass step 1); marks this session verified for 5 minutes',
    body: z.object({ currentUser: claimedUserIdSchema, providedPassword: currentPasswordField }),
    responses: { 200: messageSchema },
    errors: [400, 401, 403, 429],
  },
  updatePassword: {
    summary: 'Set a new password (/pass step 2) after current-user-password; ends the other sessions',
    body: z.object({ currentUser: claimedUserIdSchema, newPassword: newPasswordSchema }),
    responses: { 200: messageSchema },
    errors: [400, 401, 403, 429],
  },
});
