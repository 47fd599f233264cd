// POST /api/files/upload, GET /api/files/{type}/{postId}, DELETE /api/files/{imageId}
// (spec §7, DESIGN §4). Parse -> authorize -> service -> present.
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LIMITS } from '../../../shared/catalog';
import { idSchema } from '../../../shared/ids';
import { imagesSchema as imagesResponse } from '../../../shared/schemas/post';
import type { RoutesPlugin } from '../../deps';
import { errors } from '../../http-schemas';
import { actorOf } from '../../plugins/session';
import { postIdSchema, postTypeSchema } from '../posts/schemas';
import { imagesOfPost, removeImage, uploadImages } from './service';
import { MULTIPART_LIMITS } from './upload-reader';

// Uploads per signed-in user (per address for visitors, who get 401 anyway): each one can hold
// 25 MB and seconds of image work, so one account cannot keep the server busy.
const UPLOAD_RATE_LIMIT = {
  max: 60,
  timeWindow: 15 * 60_000,
  keyGenerator: (request: FastifyRequest) =>
    request.actor ? `user:${request.actor.id}` : `ip:${request.ip}`,
};

export const imageRoutes: RoutesPlugin = async (app, deps) => {
  // Scoped to this plugin: only the upload call accepts multipart bodies.
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  app.post(
    '/files/upload',
    {
      config: { auth: 'required', changesFeed: true, rateLimit: UPLOAD_RATE_LIMIT },
      schema: {
        tags: ['images'],
        summary: `Upload images to your post: multipart fields postId, type and up to ${LIMITS.imagesPerPost} files named images`,
        consumes: ['multipart/form-data'],
        response: { 201: imagesResponse, ...errors(400, 401, 403, 404, 413, 415, 429) },
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
      config: { auth: 'required', changesFeed: true },
      schema: {
        tags: ['images'],
        summary: "Delete one of your post's images; returns the post's remaining images",
        params: z.object({ imageId: idSchema('A valid image id is required.') }),
        response: { 200: imagesResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      return { images: await removeImage(deps, request.log, actorOf(request), request.params.imageId) };
    },
  );
};
