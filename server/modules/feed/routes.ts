// The public feeds (spec §7, DESIGN §4): GET /api/first-payload, POST /api/rolling-feed-products,
// POST /api/rolling-feed-services, GET /api/posts (search + filters).
import { firstPayloadSchema, postsPageSchema } from '../../../shared/schemas/post';
import type { RoutesPlugin } from '../../deps';
import { route } from '../../route';
import { feedKey, firstPayload, listPosts, rollingPage } from './service';

export const feedRoutes: RoutesPlugin = async (app, deps) => {
  // The feeds are the same for every reader: served from a 1-second cache (infra/read-cache.ts) as
  // JSON text checked against the answer's schema when it was made.
  const cache = deps.feedCache;

  route(app, 'firstPayload', {}, async () =>
    cache.json('first-payload', firstPayloadSchema, () => firstPayload(deps)),
  );

  // Reads, though sent as POST (the spec's form calls): they change nothing.
  route(app, 'rollingFeedProducts', { invalidates: [] }, async (request) => {
    const cursor = request.body?.incomingProductCursor;
    const result = await rollingPage(deps, 'product', cursor, 'incomingProductCursor');
    return { posts: result.posts, productCursor: result.cursor };
  });

  route(app, 'rollingFeedServices', { invalidates: [] }, async (request) => {
    const cursor = request.body?.incomingServiceCursor;
    const result = await rollingPage(deps, 'service', cursor, 'incomingServiceCursor');
    return { posts: result.posts, serviceCursor: result.cursor };
  });

  route(app, 'posts', {}, async (request) => {
    const { cursor: cursorText, ...filter } = request.query;
    const cursor = cursorText || undefined;
    return cache.json(feedKey(filter, cursor), postsPageSchema, () => listPosts(deps, filter, cursor));
  });
};
