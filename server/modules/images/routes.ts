// POST /api/files/upload, GET /api/files/{type}/{postId}, DELETE /api/files/{imageId}
// (spec §7, DESIGN §4). Parse -> authorize -> service -> present.
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LIMITS } from '../../../shared/catalog';
import type { RoutesPlugin } from '../../deps';
import { errors, idSchema } from '../../http-schemas';
import { requireUser } from '../../plugins/session';
import { createStorage } from '../../storage';
import { imageSchema, postIdSchema, postTypeParamSchema } from '../posts/schemas';
import { scheduleOrphanSweep } from './orphans';
import { imagesOfPost, removeImage, UPLOADS_PER_USER_AT_ONCE, uploadImages } from './service';
import { MULTIPART_LIMITS } from './upload-reader';
import { UploadSlots } from './upload-slots';
import { uploadTempRoot } from './upload-spool';

const imagesResponse = z.object({ images: z.array(imageSchema) });

// Uploads per signed-in user (per address for visitors, who get 401 anyway): each one can bring
// 25 MB and seconds of image work, so one account cannot keep the server busy. At most 2 of them at
// once (UPLOADS_PER_USER_AT_ONCE).
const UPLOAD_RATE_LIMIT = {
  max: 60,
  timeWindow: 15 * 60_000,
  keyGenerator: (request: FastifyRequest) =>
    request.session ? `user:${request.session.user.id}` : `ip:${request.ip}`,
};

export const imageRoutes: RoutesPlugin = async (app, deps) => {
  const imageDeps = {
    ...deps,
    storage: createStorage(deps.config),
    uploadSlots: new UploadSlots(UPLOADS_PER_USER_AT_ONCE),
  };
  // Scoped to this plugin: only the upload call accepts multipart bodies.
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  scheduleOrphanSweep(app, { ...imageDeps, uploadTempRoot: uploadTempRoot(deps.config.dataDir) });

  app.post(
    '/files/upload',
    {
      config: { changesFeed: true, rateLimit: UPLOAD_RATE_LIMIT },
      schema: {
        tags: ['images'],
        summary: `Upload images to your post: multipart fields postId, type and up to ${LIMITS.imagesPerPost} files named images`,
        consumes: ['multipart/form-data'],
        response: { 201: imagesResponse, ...errors(400, 401, 403, 404, 408, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const images = await uploadImages(imageDeps, request, user);
      return reply.status(201).send({ images });
    },
  );

  app.get(
    '/files/:type/:postId',
    {
      schema: {
        tags: ['images'],
        summary: "A post's images in order (404 when the post is not visible to you)",
        params: z.object({ type: postTypeParamSchema, postId: postIdSchema }),
        response: { 200: imagesResponse, ...errors(400, 404) },
      },
    },
    async (request) => {
      const user = request.session?.user ?? null;
      return { images: await imagesOfPost(deps, user, request.params) };
    },
  );

  app.delete(
    '/files/:imageId',
    {
      config: { changesFeed: true },
      schema: {
        tags: ['images'],
        summary: "Delete one of your post's images; returns the post's remaining images",
        params: z.object({ imageId: idSchema('A valid image id is required.') }),
        response: { 200: imagesResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { images: await removeImage(imageDeps, request.log, user, request.params.imageId) };
    },
  );
};
