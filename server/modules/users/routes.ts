// GET /api/fetch-user, PUT /api/update-user, POST /api/change-password, POST /api/current-user-password,
// POST /api/update-password (spec §7, DESIGN §4). All need a session; a user id sent by the client must
// be the session's own. The two /pass calls take form-encoded bodies (as the spec sends them) or JSON.
import { z } from 'zod';
import { MSG } from '../../../shared/messages';
import { messageSchema, publicUserSchema } from '../../../shared/schemas/user';
import { newPasswordSchema, profileSchema } from '../../../shared/validation';
import { BODY_LIMITS } from '../../body-limits';
import type { RoutesPlugin } from '../../deps';
import { claimedUserIdSchema, errors } from '../../http-schemas';
import { selfOf, sessionOf } from '../../plugins/session';
import { perUser } from '../../plugins/write-limits';
import { changePassword, editProfile, getProfile, updatePassword, verifyCurrentPassword } from './service';

/** The client's claim of who it is: a number in JSON, a string in forms and query strings. */
const userIdField = claimedUserIdSchema;
const currentPasswordField = z
  .string(MSG.login.passwordRequired)
  .min(1, MSG.login.passwordRequired)
  .max(1024, MSG.password.incorrect);

export const userRoutes: RoutesPlugin = async (app, deps) => {
  const { config } = deps;
  const signedIn = { auth: 'required' } as const;
  const passwordCheck = {
    ...signedIn,
    rateLimit: { max: config.rateLimits.loginAttemptsPerIp, timeWindow: config.rateLimits.windowMs },
  };

  app.get(
    '/fetch-user',
    {
      config: signedIn,
      schema: {
        tags: ['users'],
        summary: "The signed-in user's profile",
        security: [{ session: [] }],
        querystring: z.object({ userId: userIdField }),
        response: { 200: publicUserSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = selfOf(request, request.query.userId);
      reply.header('cache-control', 'no-store');
      return getProfile(deps, actor.id);
    },
  );

  app.put(
    '/update-user',
    {
      bodyLimit: BODY_LIMITS.credentials,
      config: {
        ...signedIn,
        changesFeed: true,
        changesSessions: true,
        rateLimit: perUser(config.writeLimits.updateProfile),
      },
      schema: {
        tags: ['users'],
        summary:
          'Edit name, email and phone (email stays unique in any case); a new email needs currentPassword or a /pass check in the last 5 minutes',
        security: [{ session: [] }],
        body: profileSchema.extend({ userId: userIdField, currentPassword: currentPasswordField.optional() }),
        response: {
          200: publicUserSchema.extend({ message: z.string() }),
          ...errors(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request) => {
      selfOf(request, request.body.userId);
      const { name, email, phoneNumber, currentPassword } = request.body;
      const input = { name, email, phoneNumber, currentPassword };
      const user = await editProfile(deps, sessionOf(request), request.ip, input);
      return { message: MSG.profile.updated, ...user };
    },
  );

  app.post(
    '/change-password',
    {
      bodyLimit: BODY_LIMITS.credentials,
      config: { ...passwordCheck, changesSessions: true },
      schema: {
        tags: ['users'],
        summary: 'Change the password with the current one; ends the other sessions',
        security: [{ session: [] }],
        body: z.object({
          userId: userIdField,
          currentPassword: currentPasswordField,
          newPassword: newPasswordSchema,
        }),
        response: { 200: messageSchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      selfOf(request, request.body.userId);
      await changePassword(deps, sessionOf(request), request.ip, request.body);
      return { message: MSG.profile.changed };
    },
  );

  app.post(
    '/current-user-password',
    {
      bodyLimit: BODY_LIMITS.credentials,
      config: passwordCheck,
      schema: {
        tags: ['users'],
        summary: 'Check the current password (/pass step 1); marks this session verified for 5 minutes',
        security: [{ session: [] }],
        body: z.object({ currentUser: userIdField, providedPassword: currentPasswordField }),
        response: { 200: messageSchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      selfOf(request, request.body.currentUser);
      await verifyCurrentPassword(deps, sessionOf(request), request.ip, request.body.providedPassword);
      return { message: MSG.password.correct };
    },
  );

  app.post(
    '/update-password',
    {
      bodyLimit: BODY_LIMITS.credentials,
      config: { ...signedIn, changesSessions: true, rateLimit: perUser(config.writeLimits.updateProfile) },
      schema: {
        tags: ['users'],
        summary: 'Set a new password (/pass step 2) after current-user-password; ends the other sessions',
        security: [{ session: [] }],
        body: z.object({ currentUser: userIdField, newPassword: newPasswordSchema }),
        response: { 200: messageSchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      selfOf(request, request.body.currentUser);
      await updatePassword(deps, sessionOf(request), request.body.newPassword);
      return { message: MSG.password.updated };
    },
  );
};
