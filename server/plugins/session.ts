// Resolves the session cookie into request.session once per request; routes read identity only here.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { forbidden, unauthorized } from '../errors';
import { findSession, SESSION_COOKIE, type SessionInfo } from '../modules/auth/session-store';
import type { PublicUser } from '../modules/users/repo';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionInfo | null;
  }
}

export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; database: Database }) => {
    app.decorateRequest('session', null);
    app.addHook('onRequest', async (request, reply) => {
      // Only the API, the shared-post page and /home's shell (it preloads the signed-in feed) use
      // identity: assets and media, fetched by the dozen, must not cost a database lookup each
      // (/media resolves it itself, only for a draft's image: modules/images/media-routes.ts).
      if (!needsIdentity(request.url)) return;
      await resolveSession(request, reply, opts);
    });
  },
);

/** Sets request.session from the session cookie (one indexed lookup; none without a cookie). */
export async function resolveSession(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { config: Config; database: Database },
) {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 100) return;
  request.session = (await findSession(opts.database.db, token, opts.config.sessionDays)) ?? null;
  // Sliding expiry (DESIGN §5): when the row was extended, the browser's cookie is too, so it
  // does not expire 30 days after sign-in while the session lives on. Logout or a new sign-in
  // replace this cookie later in the request.
  const extendedTo = request.session?.extendedTo;
  if (extendedTo) setSessionCookie(reply, opts.config, token, extendedTo);
}

const needsIdentity = (url: string) =>
  url.startsWith('/api/') || url.startsWith('/posts/') || url === '/home' || url.startsWith('/home?');

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
  });
}

/** The signed-in user, or a 401. */
export function requireUser(request: FastifyRequest): PublicUser {
  if (!request.session) throw unauthorized();
  return request.session.user;
}

/** The session, or a 401. */
export function requireSession(request: FastifyRequest): SessionInfo {
  if (!request.session) throw unauthorized();
  return request.session;
}

/** A user id sent by the client must be the session's own (DESIGN §4); absent is fine. */
export function requireSelf(request: FastifyRequest, claimedUserId: number | string | undefined): PublicUser {
  const user = requireUser(request);
  if (claimedUserId !== undefined && claimedUserId !== '' && Number(claimedUserId) !== user.id)
    throw forbidden();
  return user;
}
