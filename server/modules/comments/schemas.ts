// Request and response schemas of the comment calls (spec §7).
import { z } from 'zod';
import { MSG } from '../../../shared/messages';
import { commentContentSchema } from '../../../shared/validation';
import { idSchema } from '../../http-schemas';
import { idParam } from '../engagement-shared/http';

export const commentIdParams = z.object({ id: idParam('Invalid comment ID') });
export const listQuery = z.object({ cursor: z.string().max(200).optional() });

export const createBody = z.object({
  // JSON number as the spec's ids are; a numeric string is accepted too.
  postId: idSchema(MSG.postDetail.invalidId),
  content: commentContentSchema,
});
export const editBody = z.object({ content: commentContentSchema });

const success = z.literal(true);

export const commentSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  userId: z.number().int(),
  postId: z.number().int(),
  isEdited: z.boolean(),
  editedAt: z.string().nullable(),
  author: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    avatar: z.string().nullable(),
  }),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});

export const pageResponse = z.object({
  success,
  data: z.object({
    comments: z.array(commentSchema),
    pagination: z.object({
      nextCursor: z.string().nullable(),
      hasMore: z.boolean(),
      total: z.number().int(),
    }),
  }),
});
export const commentResponse = z.object({ success, comment: commentSchema });
export const countResponse = z.object({ success, count: z.number().int() });
export const okResponse = z.object({ success });
