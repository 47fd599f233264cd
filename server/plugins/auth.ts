// Sign-in is declared per route and enforced here, in one hook, before the body is read: a visitor
// calling a signed-in call gets 401 whatever they sent (DESIGN §4). Every /api route must declare its
// level, so a new route cannot forget it.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isModerator } from '../actor';
import { forbidden, unauthorized } from '../errors';

export type AuthLevel =
  /** Anyone; the actor is the signed-in user or null. */
  | 'optional'
  /** A signed-in user: visitors get 401. */
  | 'required'
  /** A moderator: visitors get 401, members 403. */
  | 'moderator';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
  }
}

const undeclaredAllowed = (url: string) => !url.startsWith('/api/') || url.startsWith('/api/docs');

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const auth = (route.config as { auth?: AuthLevel } | undefined)?.auth;
    if (auth === undefined && !undeclaredAllowed(route.url))
      throw new Error(`${route.method} ${route.url} must declare config.auth`);
  });
  // Runs after the session plugin's onRequest hook (registered before this one).
  app.addHook('onRequest', (request, _reply, done) => {
    const level = request.routeOptions.config?.auth;
    if (level === undefined || level === 'optional') return done();
    if (!request.actor) return done(unauthorized());
    if (level === 'moderator' && !isModerator(request.actor)) return done(forbidden());
    done();
  });
});
