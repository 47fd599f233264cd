// Clears the landing-feed cache after a successful write that changes what the feeds show (routes say
// so with `config: { changesFeed: true }`), so a published, edited or unpublished post or a seller's
// new name is never served stale by this instance. Likes, views and comments do not clear it: the
// feeds do not show them, and clearing on every one would defeat the cache (decision 003).
// With REDIS_URL every clear is published on Redis and every instance clears its own cache too.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SharedStore } from '../../shared-store/redis';
import type { FeedCache } from './cache';

const CHANNEL = 'feed-cache:clear';

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
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.routeOptions.config?.changesFeed && reply.statusCode < 400) cache.clear();
    done(null, payload);
  });
}

/**
 * Tells every instance on the same Redis when this one's feed cache is cleared, and clears it when
 * another's is. A message lost while Redis is down costs at most the cache's one-second lifetime; after
 * a reconnection the cache is cleared once, for the messages missed meanwhile.
 */
export function shareFeedCacheClears(cache: FeedCache, store: SharedStore) {
  const self = randomUUID();
  cache.onClear = () => void store.publish(CHANNEL, self);
  store.subscribe(
    CHANNEL,
    (from) => {
      if (from !== self) cache.drop();
    },
    () => cache.drop(),
  );
}
