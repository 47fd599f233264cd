// App-wide parts of the feed feature (registered once, outside /api): the shareable post page, and
// the hook that clears the landing-feed cache after any successful write, so a published, edited or
// deleted post is never served stale by this instance. Registered before the feature routes so the
// hook covers every route.
import fp from 'fastify-plugin';
import type { Deps, RoutesPlugin } from '../../deps';
import { feedCacheFor } from './cache';
import { registerPostPage } from './page';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

const plugin: RoutesPlugin = async (app, deps: Deps) => {
  const cache = feedCacheFor(deps.database);
  // onSend runs before the client sees the answer, so its next read is already fresh.
  app.addHook('onSend', async (request, reply, payload) => {
    const isWrite = !READS.has(request.method) && !request.routeOptions.config?.readOnly;
    if (isWrite && reply.statusCode < 400 && request.url.startsWith('/api/')) cache.clear();
    return payload;
  });
  registerPostPage(app, deps);
};

export const feedPlugin = fp(plugin, { name: 'feed' });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST that only reads (the spec's rolling-feed calls): it does not clear the feed cache. */
    readOnly?: boolean;
  }
}
