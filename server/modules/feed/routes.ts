// The public feeds (spec §7, DESIGN §4): GET /api/first-payload, POST /api/rolling-feed-products,
// POST /api/rolling-feed-services, GET /api/posts (search + filters).
import {
  firstPayloadSchema,
  postsPageSchema,
  productPageSchema,
  servicePageSchema,
} from '../../../shared/schemas/post';
import type { RoutesPlugin } from '../../deps';
import { errors, JSON_TYPE } from '../../http-schemas';
import { postsQuery, productCursorBody, serviceCursorBody } from './schemas';
import { feedKey, firstPayload, listPosts, rollingPage } from './service';

// Cached JSON text goes out as is (JSON_TYPE). The type provider only knows the object shape, hence
// `as never`.

export const feedRoutes: RoutesPlugin = async (app, deps) => {
  // The feeds are the same for every reader: served from a 1-second cache (see cache.ts).
  const cache = deps.feedCache;
  const config = { auth: 'optional' } as const;

  app.get(
    '/first-payload',
    {
      config,
      schema: {
        tags: ['feed'],
        summary: 'The rolling feed start: 10 newest products and 10 newest services, newest first',
        response: { 200: firstPayloadSchema },
      },
    },
    async (_request, reply) =>
      reply
        .type(JSON_TYPE)
        .send((await cache.json('first-payload', firstPayloadSchema, () => firstPayload(deps))) as never),
  );

  app.post(
    '/rolling-feed-products',
    {
      config,
      schema: {
        tags: ['feed'],
        summary:
          'The next 10 products after incomingProductCursor (form-encoded); productCursor null at the end',
        body: productCursorBody,
        response: { 200: productPageSchema, ...errors(400, 403) },
      },
    },
    async (request) => {
      const cursor = request.body?.incomingProductCursor;
      const result = await rollingPage(deps, 'product', cursor, 'incomingProductCursor');
      return { posts: result.posts, productCursor: result.cursor };
    },
  );

  app.post(
    '/rolling-feed-services',
    {
      config,
      schema: {
        tags: ['feed'],
        summary:
          'The next 10 services after incomingServiceCursor (form-encoded); serviceCursor null at the end',
        body: serviceCursorBody,
        response: { 200: servicePageSchema, ...errors(400, 403) },
      },
    },
    async (request) => {
      const cursor = request.body?.incomingServiceCursor;
      const result = await rollingPage(deps, 'service', cursor, 'incomingServiceCursor');
      return { posts: result.posts, serviceCursor: result.cursor };
    },
  );

  app.get(
    '/posts',
    {
      config,
      schema: {
        tags: ['feed'],
        summary:
          'Published posts newest first, or cheapest first within a currency (sort=price_asc), 12 a page, with full-text search and filters',
        querystring: postsQuery,
        response: { 200: postsPageSchema, ...errors(400) },
      },
    },
    async (request, reply) => {
      const { cursor: cursorText, ...filter } = request.query;
      const cursor = cursorText || undefined;
      const load = () => listPosts(deps, filter, cursor);
      const page = await cache.json(feedKey(filter, cursor), postsPageSchema, load);
      return reply.type(JSON_TYPE).send(page as never);
    },
  );
};
