// Sign-in is declared per call in the contract (shared/contract/routes.ts) and enforced here, in one
// hook, before the body is read: a visitor calling a signed-in call gets 401 whatever they sent
// (DESIGN §4). Every /api route must be registered from the contract (server/route.ts), so a new route
// can neither forget its level nor go undeclared.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Access } from '../../shared/contract/define';
import { isModerator } from '../actor';
import { forbidden, unauthorized } from '../errors';

/** Anyone (the actor is the signed-in user or null), a signed-in user (visitors get 401) or a moderator (members get 403). */
export type AuthLevel = Access;

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
  }
}

const undeclaredAllowed = (url: string) => !url.startsWith('/api/') || url.startsWith('/api/docs');

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const config = route.config as { auth?: AuthLevel; call?: string } | undefined;
    if ((config?.auth === undefined || config.call === undefined) && !undeclaredAllowed(route.url))
      throw new Error(
        `${route.method} ${route.url} is not in the contract: register it with route() (server/route.ts)`,
      );
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
