// Request schemas of the comment calls (spec §7); the response shapes are shared
// (shared/schemas/engagement.ts).
import { z } from 'zod';
import { commentContentSchema, idSchema } from '../../../shared/validation';
import { postIdSchema } from '../posts/schemas';

export const commentIdParams = z.object({ id: idSchema('Invalid comment ID') });
export const listQuery = z.object({ cursor: z.string().max(200).optional() });

export const createBody = z.object({
  // JSON number as the spec's ids are; a numeric string is accepted too.
  postId: postIdSchema,
  content: commentContentSchema,
});
export const editBody = z.object({ content: commentContentSchema });
