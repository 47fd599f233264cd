// Clears the public read caches after a successful write that changes what they show. Routes say so:
// `changesFeed` (a post's fields, whether it is published, its images, its seller's name, a moderation
// decision or a report) clears the feeds and the comment pages, as each can hide or rename what the
// comments show; `changesComments` (a comment written, edited or deleted) clears the comment pages
// only; `changesSessions` (a sign-in or sign-out, a password, profile or account change) clears the
// sessions GETs use (plugins/session.ts). Likes and views clear none: the cached reads do not show them, and clearing on every one
// would defeat the cache (decision 003). With REDIS_URL every clear is published on Redis and every
// instance clears its own cache too.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import type { SharedStore } from '../../shared-store/redis';
import type { ReadCache } from './cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A successful call may change what the landing feeds show (a post's fields, whether it is
     * published, its images, its seller's name or phone): it clears the feed and comment caches.
     */
    changesFeed?: boolean;
    /** A successful call changes a post's comments: it clears the comment cache. */
    changesComments?: boolean;
    /**
     * A successful call ends sessions or changes what one says (a user's name, role, suspension): it
     * clears the session cache.
     */
    changesSessions?: boolean;
  }
}

export function clearCachesOnWrites(app: FastifyInstance, { feedCache, commentsCache, sessionCache }: Deps) {
  // onSend runs before the client sees the answer, so its next read is already fresh.
  app.addHook('onSend', (request, reply, payload, done) => {
    const config = request.routeOptions.config;
    if (reply.statusCode < 400 && config) {
      if (config.changesFeed) feedCache.clear();
      if (config.changesFeed || config.changesComments) commentsCache.clear();
      if (config.changesSessions) sessionCache.clear();
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
