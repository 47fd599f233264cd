// Who is viewing (DESIGN §4): the signed-in user, else an anonymous visitor identified by a signed id
// in an HttpOnly cookie (visitor-ids.ts), issued on the first tracked view; past an address's share
// of new ids an hour, the address itself.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../actor';
import type { Deps } from '../../deps';
import { userViewerKey } from './repo';

export const VISITOR_COOKIE = 'vid';
const YEAR_SECONDS = 365 * 24 * 3600;

export interface Viewer {
  /** `u:<userId>`, `a:<visitor id>` or `ip:<address>`: one row per viewer per post. */
  key: string;
  isAuthenticated: boolean;
  actor: Actor;
}

/** The viewer of this request; issues the visitor cookie when an anonymous viewer has no valid one. */
export function identifyViewer(
  request: FastifyRequest,
  reply: FastifyReply,
  { config, visitorIds, clock }: Pick<Deps, 'config' | 'visitorIds' | 'clock'>,
): Viewer {
  const { actor } = request;
  if (actor) return { key: userViewerKey(actor.id), isAuthenticated: true, actor };
  const known = visitorIds.verify(request.cookies[VISITOR_COOKIE]);
  if (known) return { key: `a:${known}`, isAuthenticated: false, actor: null };
  const issued = visitorIds.issue(request.ip, clock.now().getTime());
  if (!issued) return { key: `ip:${request.ip}`, isAuthenticated: false, actor: null };
  reply.setCookie(VISITOR_COOKIE, issued.cookieValue, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    maxAge: YEAR_SECONDS,
  });
  return { key: `a:${issued.id}`, isAuthenticated: false, actor: null };
}
