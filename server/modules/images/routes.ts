// POST /api/files/upload, GET /api/files/{type}/{postId}, DELETE /api/files/{imageId}
// (spec §7, DESIGN §4). Parse -> authorize -> service -> present.
import multipart from '@fastify/multipart';
import { actorOf } from '../../actor';
import type { RoutesPlugin } from '../../deps';
import { perUser } from '../../plugins/write-limits';
import { route } from '../../route';
import { imagesOfPost, removeImage, uploadImages } from './service';
import { MULTIPART_LIMITS } from './upload-reader';

export const imageRoutes: RoutesPlugin = async (app, deps) => {
  const limits = deps.config.writeLimits;
  // Scoped to this plugin: only the upload call accepts multipart bodies.
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  // Each upload brings up to 25 MB and seconds of image work: one account cannot keep the server busy
  // (and at most 2 run at once per user: UploadSlots). A post's images show in the feeds.
  route(
    app,
    'uploadImages',
    { rateLimit: perUser(limits.upload), invalidates: ['feed'] },
    async (request) => ({ images: await uploadImages(deps, request, actorOf(request)) }),
  );

  route(app, 'postImages', {}, async (request) => ({
    images: await imagesOfPost(deps, request.actor, request.params),
  }));

  route(
    app,
    'deleteImage',
    { rateLimit: perUser(limits.changePost), invalidates: ['feed'] },
    async (request) => ({
      images: await removeImage(deps, request.log, actorOf(request), request.params.imageId),
    }),
  );
};
