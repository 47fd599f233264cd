// POST /api/signup, POST /api/login, GET /api/verify-auth, POST /api/logout (spec §7, DESIGN §4).
import { MSG } from '../../../shared/messages';
import { BODY_LIMITS } from '../../body-limits';
import type { RoutesPlugin } from '../../deps';
import { route } from '../../route';
import { logIn, signUp } from './service';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { deleteSession } from './session-store';

const HOUR_MS = 3_600_000;

export const authRoutes: RoutesPlugin = async (app, deps) => {
  const { config } = deps;

  route(
    app,
    'signup',
    {
      bodyLimit: BODY_LIMITS.credentials,
      rateLimit: { max: config.rateLimits.signupsPerIpPerHour, timeWindow: HOUR_MS },
      invalidates: [],
    },
    async (request) => {
      const user = await signUp(deps, request.body);
      return { message: MSG.signup.registered, user_id: user.id };
    },
  );

  route(
    app,
    'login',
    {
      bodyLimit: BODY_LIMITS.credentials,
      rateLimit: { max: config.rateLimits.loginAttemptsPerIp, timeWindow: config.rateLimits.windowMs },
      // It ends the session it replaces, and a listed moderator's first sign-in changes their role.
      invalidates: ['sessions'],
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

  route(app, 'verifyAuth', {}, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = request.session?.user ?? null;
    return { isAuthenticated: user !== null, user };
  });

  route(app, 'logout', { invalidates: ['sessions'] }, async (request, reply) => {
    if (request.session) await deleteSession(deps.database.db, request.session.tokenHash);
    clearSessionCookie(reply, config);
    return { message: MSG.auth.loggedOut };
  });
};
