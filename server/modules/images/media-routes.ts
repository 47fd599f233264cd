// GET /media/{key}: stored image files, outside /api, as visible as their post (DESIGN §4): a
// published post's images to everyone, a draft's only to its owner, 404 to anyone else and for files
// no image row points to; `full` under Save-Data answers `medium` (decision 026). Cache lifetimes are
// decision 011: a key never changes its bytes, but its post can be unpublished, so shared caches keep
// a published image for minutes, not a year.

import type { FastifyReply } from 'fastify';
import type { RoutesPlugin } from '../../deps';
import { sendNotFound } from '../../errors';
import { isValidKey, PUBLISHED_MEDIA_CACHE } from '../../infra/storage';
import { resolveSession } from '../../plugins/session';
import { postVisibility } from '../posts';
import { findMediaPost } from './repo';

/** A published post's image: browsers an hour (what a viewer already holds leaks nothing new), shared
 * caches (CDN) five minutes, which bounds how long an unpublished post's images stay out there. */
export { PUBLISHED_MEDIA_CACHE };
/** A draft's image, seen by its owner: never in a shared cache, revalidated on every use. */
export const OWNER_ONLY_MEDIA_CACHE = 'private, no-cache';
/** The medium answer to a full request under Save-Data: the phone keeps it, shared caches do not. */
export const SAVE_DATA_MEDIA_CACHE = 'private, max-age=3600';

export const mediaRoutes: RoutesPlugin = async (app, deps) => {
  const { storage } = deps;

  // A 404 is never cached: the file may be a draft's that becomes visible when it is published.
  const notFound = (reply: FastifyReply) => sendNotFound(reply.header('cache-control', 'no-store'));

  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isValidKey(key)) return notFound(reply);
    const post = await findMediaPost(deps.database.db, key);
    if (!post) return notFound(reply);
    // Visitors and published images never cost a session lookup: identity is resolved only when the
    // post is hidden from visitors and the request carries a session cookie (its owner, perhaps).
    const isPublic = postVisibility.canSee(null, post);
    if (!isPublic) {
      await resolveSession(request, reply, deps);
      if (!postVisibility.canSee(request.actor, post)) return notFound(reply);
    }
    // Save-Data (decision 026): a browser saving data gets `medium` (else `thumb`) for a `full` request,
    // a third of the bytes; caches keep the two answers apart by the header.
    const isFull = key === post.fullKey;
    if (isFull) reply.header('vary', 'Save-Data');
    const served =
      isFull && savesData(request.headers['save-data']) ? (post.mediumKey ?? post.thumbKey) : key;
    // A draft's or a hidden post's image (seen by its owner or a moderator) never enters a shared cache;
    // nor does a smaller answer under the full URL: a CDN that ignores Vary would serve it to everyone.
    const cacheControl = !isPublic
      ? OWNER_ONLY_MEDIA_CACHE
      : served === key
        ? PUBLISHED_MEDIA_CACHE
        : SAVE_DATA_MEDIA_CACHE;
    // The bytes under a key never change, so the key is the validator: a revalidation is one indexed
    // query and a 304, no file read.
    const etag = `"${served}"`;
    if (matches(request.headers['if-none-match'], etag))
      return reply.status(304).header('etag', etag).header('cache-control', cacheControl).send();
    const object = await storage.get(served);
    if (!object) return notFound(reply);
    return reply
      .header('content-type', object.contentType)
      .header('content-length', object.size)
      .header('etag', etag)
      .header('cache-control', cacheControl)
      .send(object.stream);
  });
};

/** The Save-Data client hint: `on` (case-insensitive) asks for fewer bytes. */
const savesData = (header: string | string[] | undefined) =>
  typeof header === 'string' && header.trim().toLowerCase() === 'on';

/** Whether an If-None-Match header names this entity tag (weak or strong, in a list, or `*`). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
