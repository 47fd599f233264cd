// GET /media/{key}: stored image files, outside /api. A key is random and never reused (a new upload
// gets a new key), so files are cached for a year without revalidation.
import { MSG } from '../../../shared/messages';
import type { RoutesPlugin } from '../../deps';

export const mediaRoutes: RoutesPlugin = async (app, { storage }) => {
  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const object = await storage.get(key);
    if (!object) return reply.status(404).send({ message: MSG.errors.notFound });
    return reply
      .header('content-type', object.contentType)
      .header('content-length', object.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(object.stream);
  });
};
