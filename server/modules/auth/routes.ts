// POST /api/signup, POST /api/login, GET /api/verify-auth, POST /api/logout (spec §7, DESIGN §4-5).
import { z } from 'zod';
import { MSG } from '../../../shared/messages';
import { ROLES } from '../../../shared/roles';
import { messageSchema, publicUserSchema } from '../../../shared/schemas/user';
import { loginSchema, signupSchema } from '../../../shared/validation';
import { BODY_LIMITS } from '../../body-limits';
import type { RoutesPlugin } from '../../deps';
import { errors } from '../../http-schemas';
import { clearSessionCookie, setSessionCookie } from '../../plugins/session';
import { logIn, signUp } from './service';
import { deleteSession } from './session-store';

const HOUR_MS = 3_600_000;

export const authRoutes: RoutesPlugin = async (app, deps) => {
  const { config } = deps;

  app.post(
    '/signup',
    {
      bodyLimit: BODY_LIMITS.credentials,
      config: {
        auth: 'optional',
        rateLimit: { max: config.rateLimits.signupsPerIpPerHour, timeWindow: HOUR_MS },
      },
      schema: {
        tags: ['auth'],
        summary: 'Create an account (does not sign in)',
        body: signupSchema,
        response: { 201: messageSchema.extend({ user_id: z.number().int() }), ...errors(400, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = await signUp(deps, request.body);
      return reply.status(201).send({ message: MSG.signup.registered, user_id: user.id });
    },
  );

  app.post(
    '/login',
    {
      bodyLimit: BODY_LIMITS.credentials,
      config: {
        auth: 'optional',
        rateLimit: { max: config.rateLimits.loginAttemptsPerIp, timeWindow: config.rateLimits.windowMs },
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign in; sets the HttpOnly session cookie',
        body: loginSchema,
        response: {
          200: z.object({
            message: z.string(),
            user_id: z.number().int(),
            user_name: z.string(),
            email: z.string(),
            phoneNumber: z.string(),
            role: z.enum(ROLES),
          }),
          ...errors(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { user, token, expiresAt } = await logIn(
        deps,
        request.body,
        request.ip,
        request.session?.tokenHash,
      );
      setSessionCookie(reply, config, token, expiresAt);
      return {
        message: MSG.login.success,
        user_id: user.id,
        user_name: user.name,
        email: user.email,
        phoneNumber: user.phoneNumber,
        role: user.role,
      };
    },
  );

  app.get(
    '/verify-auth',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['auth'],
        summary: 'Who is signed in on this session',
        response: { 200: z.object({ isAuthenticated: z.boolean(), user: publicUserSchema.nullable() }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = request.session?.user ?? null;
      return { isAuthenticated: user !== null, user };
    },
  );

  app.post(
    '/logout',
    {
      config: { auth: 'optional', changesSessions: true },
      schema: {
        tags: ['auth'],
        summary: 'End this session on the server and clear the cookie',
        response: { 200: messageSchema, ...errors(403) },
      },
    },
    async (request, reply) => {
      if (request.session) await deleteSession(deps.database.db, request.session.tokenHash);
      clearSessionCookie(reply, config);
      return { message: MSG.auth.loggedOut };
    },
  );
};
