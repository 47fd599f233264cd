// The public feeds (spec §7, DESIGN §4): GET /api/first-payload, POST /api/rolling-feed-products,
// POST /api/rolling-feed-services, GET /api/posts (search + filters).
import { firstPayloadSchema, postsPageSchema } from '../../../shared/schemas/post';
import type { RoutesPlugin } from '../../deps';
import { markPublic, route } from '../../route';
import { feedKey, firstPayload, listPosts, rollingPage } from './service';

export const feedRoutes: RoutesPlugin = async (app, deps) => {
  // The feeds are the same for every reader (marked public: decision 044): served from a 1-second
  // cache (infra/read-cache.ts) as JSON text checked against the answer's schema when it was made.
  const cache = deps.feedCache;

  route(app, 'firstPayload', {}, async (_request, reply) => {
    const answer = await cache.json('first-payload', firstPayloadSchema, () => firstPayload(deps));
    markPublic(reply);
    return answer;
  });

  // Reads, though sent as POST (the spec's form calls): they change nothing.
  route(app, 'rollingFeedProducts', { invalidates: [] }, async (request, reply) => {
    const cursor = request.body?.incomingProductCursor;
    const result = await rollingPage(deps, 'product', cursor, 'incomingProductCursor');
    markPublic(reply);
    return { posts: result.posts, productCursor: result.cursor };
  });

  route(app, 'rollingFeedServices', { invalidates: [] }, async (request, reply) => {
    const cursor = request.body?.incomingServiceCursor;
    const result = await rollingPage(deps, 'service', cursor, 'incomingServiceCursor');
    markPublic(reply);
    return { posts: result.posts, serviceCursor: result.cursor };
  });

  route(app, 'posts', {}, async (request, reply) => {
    const { cursor: cursorText, ...filter } = request.query;
    const cursor = cursorText || undefined;
    const answer = await cache.json(feedKey(filter, cursor), postsPageSchema, () =>
      listPosts(deps, filter, cursor),
    );
    markPublic(reply);
    return answer;
  });
};
