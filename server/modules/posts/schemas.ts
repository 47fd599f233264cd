// How a request names a post: its id (a JSON number or digits: shared/ids.ts) and, in the spec's
// listing calls, its type. One message per kind of id ('Invalid post ID').
import { z } from 'zod';
import { POST_TYPES } from '../../../shared/catalog';
import { MSG } from '../../../shared/messages';
import { idSchema } from '../../../shared/validation';

export const POST_MESSAGES = {
  invalidType: 'Type must be product or service.',
  publishFlag: 'isPublished must be true or false.',
} as const;

export const postIdSchema = idSchema(MSG.postDetail.invalidId);
export const postTypeSchema = z.enum(POST_TYPES, POST_MESSAGES.invalidType);
/** `/…/:postId` path parameters. */
export const postIdParams = z.object({ postId: postIdSchema });
