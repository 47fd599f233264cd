// Clears the read caches after a successful write that changes what they hold. Every write route
// declares what it changes (`invalidates`, server/route.ts): 'feed' clears the feeds and the comment
// pages, 'comments' the comment pages, 'sessions' the sessions GETs use (plugins/session.ts). Nothing
// else clears a cache. Likes and views clear none: the cached reads do not show them, and clearing on
// every one would defeat the cache (decision 003). With REDIS_URL every clear is published on Redis and
// every instance clears its own cache too.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import type { ReadCache } from './read-cache';
import type { SharedStore } from './shared-store/redis';

/**
 * What a successful call changes that a cache holds (a route declares it: server/route.ts):
 * - 'feed': what the public feeds show (a post's fields, whether it is published, its images, its
 *   seller's name or phone, a moderation decision); the comment pages too, as they show the post's
 *   state and its commenters' names;
 * - 'comments': a post's comments;
 * - 'sessions': who is signed in as what (a sign-in or sign-out, a password, profile or role change).
 */
export type Invalidation = 'feed' | 'comments' | 'sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    invalidates?: readonly Invalidation[];
  }
}

export function clearCachesOnWrites(app: FastifyInstance, { feedCache, commentsCache, sessionCache }: Deps) {
  // onSend runs before the client sees the answer, so its next read is already fresh.
  app.addHook('onSend', (request, reply, payload, done) => {
    const invalidates = request.routeOptions.config?.invalidates;
    if (reply.statusCode < 400 && invalidates?.length) {
      if (invalidates.includes('feed')) feedCache.clear();
      if (invalidates.includes('feed') || invalidates.includes('comments')) commentsCache.clear();
      if (invalidates.includes('sessions')) sessionCache.clear();
    }
    done(null, payload);
  });
}

/**
 * Tells every instance on the same Redis when this one's cache is cleared (on `channel`), and clears
 * it when another's is. A message lost while Redis is down costs at most the cache's one-second
 * lifetime; after a reconnection the cache is cleared once, for the messages missed meanwhile.
 */
export function shareCacheClears(cache: ReadCache, store: SharedStore, channel: string) {
  const self = randomUUID();
  cache.onClear = () => void store.publish(channel, self);
  store.subscribe(
    channel,
    (from) => {
      if (from !== self) cache.drop();
    },
    () => cache.drop(),
  );
}
