// A post's images (spec §7, DESIGN §4): the upload (multipart, streamed: its fields are read by the
// server's upload reader, not a schema), the list and deleting one.
import { z } from 'zod';
import { LIMITS } from '../catalog';
import { imagesSchema } from '../schemas/post';
import { idSchema } from '../validation';
import { area } from './define';
import { postIdSchema, postTypeSchema } from './post-ref';

export const imageCalls = area('images', {
  uploadImages: {
    summary: `Upload images to your post: multipart fields postId, type and up to ${LIMITS.imagesPerPost} files named images`,
    responses: { 201: imagesSchema },
    errors: [400, 401, 403, 404, 408, 413, 415, 429],
  },
  postImages: {
    summary: "A post's images in order (404 when the post is not visible to you)",
    params: z.object({ type: postTypeSchema, postId: postIdSchema }),
    responses: { 200: imagesSchema },
    errors: [400, 404],
  },
  deleteImage: {
    summary: "Delete one of your post's images; returns the post's remaining images",
    params: z.object({ imageId: idSchema('A valid image id is required.') }),
    responses: { 200: imagesSchema },
    errors: [400, 401, 403, 404, 429],
  },
});
