// Resolves the session cookie into request.session and request.actor once per request; routes read
// identity only here. Whether a route needs a signed-in actor is declared per route (plugins/auth.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor } from '../actor';
import type { Deps } from '../deps';
import { findSession, type SessionInfo, setSessionCookie } from '../modules/auth';
import { markActive } from '../modules/notifications';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionInfo | null;
    actor: Actor;
  }
}

export const sessionPlugin = fp(async (app: FastifyInstance, deps: Deps) => {
  app.decorateRequest('session', null);
  app.decorateRequest('actor', null);
  app.addHook('onRequest', (request, reply, done) => {
    // Only the API and the shared-post page use identity: other pages decide their preloads on the
    // cookie alone (plugins/web.ts), and assets and media, fetched by the dozen, must not cost a
    // database lookup each (/media resolves it itself, only for a draft's image:
    // modules/images/media-routes.ts).
    // A callback hook: most requests have nothing to look up and should not pay for a promise.
    if (!needsIdentity(request.url) || !request.cookies[deps.config.sessionCookie]) return done();
    resolveSession(request, reply, deps).then(() => {
      markUsing(request, deps);
      done();
    }, done);
  });
});

/** A signed-in request says its person is using the app (the away mail waits); never awaited. */
function markUsing(request: FastifyRequest, deps: Deps) {
  const id = request.actor?.id;
  const now = deps.clock.now();
  if (id === undefined || !deps.activity.due(id, now.getTime())) return;
  markActive(deps.database.db, [id], now).catch((err) =>
    request.log.warn({ err }, 'activity mark not written'),
  );
}

/**
 * Sets request.session and request.actor from the session cookie (one indexed lookup; none without
 * one). A GET may use a session found up to SESSION_CACHE_MS ago (one lookup, not one per request, for
 * a phone loading a page's calls at once); a write always asks the database, so a role, a suspension,
 * a password check or a sign-out counts at once wherever it matters. Every call that ends or changes
 * sessions clears the cache (changesSessions: on every instance with REDIS_URL, else within the TTL).
 */
export async function resolveSession(
  request: FastifyRequest,
  reply: FastifyReply,
  { config, database, clock, sessionCache }: Pick<Deps, 'config' | 'database' | 'clock' | 'sessionCache'>,
) {
  const token = request.cookies[config.sessionCookie];
  if (!token || token.length > 100) return;
  const lifetime = { days: config.sessionDays, maxDays: config.sessionMaxDays };
  const lookUp = () => findSession(database.db, token, lifetime, clock.now());
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  const session = (await (isRead ? sessionCache.get(token, lookUp) : lookUp())) ?? null;
  request.session = session;
  request.actor = session ? { id: session.user.id, role: session.role } : null;
  // Sliding expiry (DESIGN §5): when the row was extended, the browser's cookie is too, so it does
  // not expire 30 days after sign-in while the session lives on. Logout or a new sign-in replace this
  // cookie later in the request.
  if (session?.extendedTo) setSessionCookie(reply, config, token, session.extendedTo);
}

const needsIdentity = (url: string) => url.startsWith('/api/') || url.startsWith('/posts/');
