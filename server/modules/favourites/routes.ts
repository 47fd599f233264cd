// Favourites (issue 14): a signed-in user's saved posts. PUT and DELETE are idempotent; the list is
// the /api/posts page shape, newest saved first.

import { actorOf } from '../../actor';
import type { RoutesPlugin } from '../../deps';
import { perUser } from '../../plugins/write-limits';
import { route } from '../../route';
import { favouritesPage, removeFavourite, savedPostIds, saveFavourite } from './service';

export const favouriteRoutes: RoutesPlugin = async (app, deps) => {
  // The saved list is the user's own and never cached.
  const write = { rateLimit: perUser(deps.config.writeLimits.favourite), invalidates: [] } as const;

  route(app, 'saveFavourite', write, async (request) =>
    saveFavourite(deps, request.params.postId, actorOf(request)),
  );

  route(app, 'unsaveFavourite', write, async (request) =>
    removeFavourite(deps, request.params.postId, actorOf(request)),
  );

  route(app, 'favourites', {}, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return favouritesPage(deps, actorOf(request), request.query.cursor || undefined);
  });

  route(app, 'favouriteStatus', {}, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return savedPostIds(deps, request.query.postIds, actorOf(request));
  });
};
