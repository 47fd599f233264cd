// Favourites (issue 14): a signed-in user's saved posts. PUT and DELETE are idempotent; the list is
// the /api/posts page shape, newest saved first.
import {
  favouriteStateSchema,
  favouritesPageSchema,
  savedPostIdsSchema,
} from '../../../shared/schemas/favourites';
import type { RoutesPlugin } from '../../deps';
import { errors } from '../../http-schemas';
import { actorOf } from '../../plugins/session';
import { perUser } from '../../plugins/write-limits';
import { postIdParams } from '../posts/schemas';
import { favouritesQuery, postIdsQuery } from './schemas';
import { favouritesPage, removeFavourite, savedPostIds, saveFavourite } from './service';

const tags = ['favourites'];

export const favouriteRoutes: RoutesPlugin = async (app, deps) => {
  const write = { auth: 'required', rateLimit: perUser(deps.config.writeLimits.favourite) } as const;

  app.put(
    '/favourites/:postId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Save a post (saving it again changes nothing); 404 for a post the caller cannot see',
        params: postIdParams,
        response: { 200: favouriteStateSchema, ...errors(400, 401, 404, 429) },
      },
    },
    async (request) => saveFavourite(deps, request.params.postId, actorOf(request)),
  );

  app.delete(
    '/favourites/:postId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Unsave a post (unsaving one that is not saved changes nothing)',
        params: postIdParams,
        response: { 200: favouriteStateSchema, ...errors(400, 401, 429) },
      },
    },
    async (request) => removeFavourite(deps, request.params.postId, actorOf(request)),
  );

  app.get(
    '/favourites',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: "The caller's saved posts that are public now, newest saved first (12 a page)",
        querystring: favouritesQuery,
        response: { 200: favouritesPageSchema, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return favouritesPage(deps, actorOf(request), request.query.cursor || undefined);
    },
  );

  app.get(
    '/favourites/status',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Which of the given posts the caller has saved: ?postIds=1,2,3 (at most 50)',
        querystring: postIdsQuery,
        response: { 200: savedPostIdsSchema, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return savedPostIds(deps, request.query.postIds, actorOf(request));
    },
  );
};
