// One post (DESIGN §4) and a seller's public page (issue 14), both open to visitors.
import { z } from 'zod';
import { MSG } from '../messages';
import { postDetailSchema } from '../schemas/post';
import { sellerPageSchema } from '../schemas/seller-page';
import { idSchema } from '../validation';
import { area } from './define';
import { postIdParams } from './post-ref';

export const postDetailCalls = area('post detail', {
  post: {
    summary: 'One post with its images; an unpublished post only for its owner',
    params: postIdParams,
    responses: { 200: postDetailSchema },
    errors: [400, 404],
  },
});

export const sellerPageCalls = area('seller page', {
  sellerPage: {
    summary: "A seller's name, join date, listed post count and listed posts (12 a page, newest first)",
    params: z.object({ userId: idSchema(MSG.errors.invalidUserId) }),
    query: z.object({ cursor: z.string().max(100, { error: MSG.errors.invalidInput }).optional() }),
    responses: { 200: sellerPageSchema },
    errors: [400, 404],
  },
});
