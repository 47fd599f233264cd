// Clears the landing-feed cache after a successful write that changes what the feeds show (routes say
// so with `config: { changesFeed: true }`), so a published, edited or unpublished post or a seller's
// new name is never served stale by this instance. Likes, views and comments do not clear it: the
// feeds do not show them, and clearing on every one would defeat the cache (decision 003).
import type { FastifyInstance } from 'fastify';
import type { FeedCache } from './cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A successful call may change what the landing feeds show (a post's fields, whether it is
     * published, its images, its seller's name or phone): it clears the feed cache.
     */
    changesFeed?: boolean;
  }
}

export function clearFeedCacheOnWrites(app: FastifyInstance, cache: FeedCache) {
  // onSend runs before the client sees the answer, so its next read is already fresh.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config?.changesFeed && reply.statusCode < 400) cache.clear();
    return payload;
  });
}
