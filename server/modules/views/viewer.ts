// Who is viewing (DESIGN §4): the signed-in user, else an anonymous visitor identified by a random id
// in an HttpOnly cookie, issued on the first tracked view.
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../actor';
import type { Config } from '../../config';

export const VISITOR_COOKIE = 'vid';
const VISITOR_ID = /^[A-Za-z0-9_-]{22,64}$/;
const YEAR_SECONDS = 365 * 24 * 3600;

export interface Viewer {
  /** `u:<userId>` or `a:<visitor id>`: one row per viewer per post. */
  key: string;
  isAuthenticated: boolean;
  actor: Actor;
}

/** The viewer of this request; sets the visitor cookie when an anonymous viewer has none (or a forged one). */
export function identifyViewer(request: FastifyRequest, reply: FastifyReply, config: Config): Viewer {
  const { actor } = request;
  if (actor) return { key: `u:${actor.id}`, isAuthenticated: true, actor };
  let visitorId = request.cookies[VISITOR_COOKIE];
  if (!visitorId || !VISITOR_ID.test(visitorId)) {
    visitorId = randomBytes(16).toString('base64url');
    reply.setCookie(VISITOR_COOKIE, visitorId, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      maxAge: YEAR_SECONDS,
    });
  }
  return { key: `a:${visitorId}`, isAuthenticated: false, actor: null };
}
