// POST /api/files/upload, GET /api/files/{type}/{postId}, DELETE /api/files/{imageId}
// (spec §7, DESIGN §4). Parse -> authorize -> service -> present.
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { LIMITS } from '../../../shared/catalog';
import { imagesSchema as imagesResponse } from '../../../shared/schemas/post';
import { idSchema } from '../../../shared/validation';
import type { RoutesPlugin } from '../../deps';
import { errors } from '../../http-schemas';
import { actorOf } from '../../plugins/session';
import { perUser } from '../../plugins/write-limits';
import { postIdSchema, postTypeSchema } from '../posts/schemas';
import { imagesOfPost, removeImage, uploadImages } from './service';
import { MULTIPART_LIMITS } from './upload-reader';

export const imageRoutes: RoutesPlugin = async (app, deps) => {
  const limits = deps.config.writeLimits;
  // Scoped to this plugin: only the upload call accepts multipart bodies.
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  app.post(
    '/files/upload',
    {
      // Each upload brings up to 25 MB and seconds of image work: one account cannot keep the server
      // busy (and at most 2 run at once per user: UploadSlots).
      config: { auth: 'required', changesFeed: true, rateLimit: perUser(limits.upload) },
      schema: {
        tags: ['images'],
        summary: `Upload images to your post: multipart fields postId, type and up to ${LIMITS.imagesPerPost} files named images`,
        consumes: ['multipart/form-data'],
        response: { 201: imagesResponse, ...errors(400, 401, 403, 404, 408, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const images = await uploadImages(deps, request, actorOf(request));
      return reply.status(201).send({ images });
    },
  );

  app.get(
    '/files/:type/:postId',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['images'],
        summary: "A post's images in order (404 when the post is not visible to you)",
        params: z.object({ type: postTypeSchema, postId: postIdSchema }),
        response: { 200: imagesResponse, ...errors(400, 404) },
      },
    },
    async (request) => ({ images: await imagesOfPost(deps, request.actor, request.params) }),
  );

  app.delete(
    '/files/:imageId',
    {
      config: { auth: 'required', changesFeed: true, rateLimit: perUser(limits.changePost) },
      schema: {
        tags: ['images'],
        summary: "Delete one of your post's images; returns the post's remaining images",
        params: z.object({ imageId: idSchema('A valid image id is required.') }),
        response: { 200: imagesResponse, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      return { images: await removeImage(deps, request.log, actorOf(request), request.params.imageId) };
    },
  );
};
