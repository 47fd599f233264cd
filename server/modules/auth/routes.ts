// POST /api/signup, POST /api/login, GET /api/verify-auth, POST /api/logout (spec §7, DESIGN §4), and
// a forgotten password and a confirmed address: /api/password-reset/*, /api/email-verification/*
// (issue 31).

import { setTimeout as sleep } from 'node:timers/promises';
import { MSG } from '../../../shared/messages';
import { actorOf } from '../../actor';
import { BODY_LIMITS } from '../../body-limits';
import type { RoutesPlugin } from '../../deps';
import { perUser } from '../../plugins/write-limits';
import { route } from '../../route';
import { confirmEmail, confirmPasswordReset, requestPasswordReset, resendVerification } from './recovery';
import { logIn, signUp } from './service';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { deleteSession } from './session-store';

const HOUR_MS = 3_600_000;
/**
 * A reset request is answered no sooner than this after it arrived, account or not: the lookup and
 * the mail's transaction take a few milliseconds that would otherwise tell whether an address has an
 * account.
 */
export const RESET_REQUEST_ANSWER_MS = 250;

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
      const user = await signUp(deps, request.body, request.ip);
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
        emailVerified: user.emailVerified,
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

  const recovery = { bodyLimit: BODY_LIMITS.credentials };

  route(
    app,
    'requestPasswordReset',
    { ...recovery, rateLimit: config.account.resetRequests, invalidates: [] },
    async (request) => {
      const started = performance.now();
      await requestPasswordReset(deps, request.body.email);
      await sleep(Math.max(0, started + RESET_REQUEST_ANSWER_MS - performance.now()));
      return { message: MSG.recovery.requested };
    },
  );

  // Tokens are 256 random bits: the limit (a sign-in's, per address) only keeps floods off the
  // password hashing and the database.
  const linkLimit = { max: config.rateLimits.loginAttemptsPerIp, timeWindow: config.rateLimits.windowMs };
  route(
    app,
    'confirmPasswordReset',
    { ...recovery, rateLimit: linkLimit, invalidates: ['sessions'] },
    async (request) => {
      await confirmPasswordReset(deps, request.body.token, request.body.newPassword);
      return { message: MSG.recovery.done };
    },
  );

  route(
    app,
    'confirmEmail',
    { ...recovery, rateLimit: linkLimit, invalidates: ['sessions'] },
    async (request) => {
      await confirmEmail(deps, request.body.token);
      return { message: MSG.verification.confirmed, emailVerified: true as const };
    },
  );

  route(
    app,
    'resendVerification',
    { rateLimit: perUser(config.account.verificationMails), invalidates: [] },
    async (request) => {
      const email = await resendVerification(deps, actorOf(request).id);
      return { message: MSG.verification.resent(email) };
    },
  );
};
