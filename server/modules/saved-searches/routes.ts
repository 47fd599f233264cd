// /api/saved-searches (issue 33): list, save, opened, delete; a person's own, never cached.
import { actorOf } from '../../actor';
import type { RoutesPlugin } from '../../deps';
import { perUser } from '../../plugins/write-limits';
import { route } from '../../route';
import { createSavedSearch, deleteSavedSearch, listSavedSearches, seeSavedSearch } from './service';

export const savedSearchRoutes: RoutesPlugin = async (app, deps) => {
  const noStore = { 'cache-control': 'private, no-store' };
  const write = { rateLimit: perUser(deps.config.notifications.writes), invalidates: [] } as const;

  route(app, 'savedSearches', {}, async (request, reply) => {
    reply.headers(noStore);
    return listSavedSearches(deps, actorOf(request));
  });

  route(app, 'createSavedSearch', write, async (request, reply) => {
    reply.status(201);
    return createSavedSearch(deps, actorOf(request), request.body);
  });

  route(app, 'seeSavedSearch', write, async (request) =>
    seeSavedSearch(deps, actorOf(request), request.params.id),
  );

  route(app, 'deleteSavedSearch', write, async (request) =>
    deleteSavedSearch(deps, actorOf(request), request.params.id),
  );
};
