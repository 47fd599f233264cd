// GET /api/fetch-user, PUT /api/update-user, POST /api/change-password, POST /api/current-user-password,
// POST /api/update-password (spec §7, DESIGN §4). All need a session; a user id sent by the client must
// be the session's own. The two /pass calls take form-encoded bodies (as the spec sends them) or JSON.
import { z } from 'zod';
import { MSG } from '../../../shared/messages';
import { newPasswordSchema, profileSchema } from '../../../shared/validation';
import { BODY_LIMITS } from '../../body-limits';
import type { RoutesPlugin } from '../../deps';
import { claimedUserIdSchema, errors, messageSchema, publicUserSchema } from '../../http-schemas';
import { requireSelf, requireSession } from '../../plugins/session';
import { changePassword, editProfile, getProfile, updatePassword, verifyCurrentPassword } from './service';

/** The client's claim of who it is: a number in JSON, a string in forms and query strings. */
const userIdField = claimedUserIdSchema;
const currentPasswordField = z
  .string(MSG.login.passwordRequired)
  .min(1, MSG.login.passwordRequired)
  .max(1024, MSG.password.incorrect);

export const userRoutes: RoutesPlugin = async (app, deps) => {
  const { config } = deps;
  const passwordCheckLimit = {
    rateLimit: { max: config.rateLimits.loginAttemptsPerIp, timeWindow: config.rateLimits.windowMs },
  };
  // Visitors get 401 before their input is even validated.
  app.addHook('preValidation', async (request) => {
    requireSession(request);
  });

  app.get(
    '/fetch-user',
    {
      schema: {
        tags: ['users'],
        summary: "The signed-in user's profile",
        security: [{ session: [] }],
        querystring: z.object({ userId: userIdField }),
        response: { 200: publicUserSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = requireSelf(request, request.query.userId);
      reply.header('cache-control', 'no-store');
      return getProfile(deps, user.id);
    },
  );

  app.put(
    '/update-user',
    {
      bodyLimit: BODY_LIMITS.credentials,
      config: { changesFeed: true },
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
      requireSelf(request, request.body.userId);
      const { name, email, phoneNumber, currentPassword } = request.body;
      const input = { name, email, phoneNumber, currentPassword };
      const user = await editProfile(deps, requireSession(request), request.ip, input);
      return { message: MSG.profile.updated, ...user };
    },
  );

  app.post(
    '/change-password',
    {
      bodyLimit: BODY_LIMITS.credentials,
      config: passwordCheckLimit,
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
      requireSelf(request, request.body.userId);
      await changePassword(deps, requireSession(request), request.ip, request.body);
      return { message: MSG.profile.changed };
    },
  );

  app.post(
    '/current-user-password',
    {
      bodyLimit: BODY_LIMITS.credentials,
      config: passwordCheckLimit,
      schema: {
        tags: ['users'],
        summary: 'Check the current password (/pass step 1); marks this session verified for 5 minutes',
        security: [{ session: [] }],
        body: z.object({ currentUser: userIdField, providedPassword: currentPasswordField }),
        response: { 200: messageSchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      requireSelf(request, request.body.currentUser);
      await verifyCurrentPassword(deps, requireSession(request), request.ip, request.body.providedPassword);
      return { message: MSG.password.correct };
    },
  );

  app.post(
    '/update-password',
    {
      bodyLimit: BODY_LIMITS.credentials,
      schema: {
        tags: ['users'],
        summary: 'Set a new password (/pass step 2) after current-user-password; ends the other sessions',
        security: [{ session: [] }],
        body: z.object({ currentUser: userIdField, newPassword: newPasswordSchema }),
        response: { 200: messageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      requireSelf(request, request.body.currentUser);
      await updatePassword(deps, requireSession(request), request.body.newPassword);
      return { message: MSG.password.updated };
    },
  );
};
