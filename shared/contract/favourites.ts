// Saved posts (issue 14): save and unsave (idempotent), which of a page's posts are saved, and the
// saved list in the /api/posts page shape, newest saved first.
import { z } from 'zod';
import { MSG } from '../messages';
import { favouriteStateSchema, favouritesPageSchema, savedPostIdsSchema } from '../schemas/favourites';
import { area } from './define';
import { postIdParams, postIdsQuery } from './post-ref';

export const favouriteCalls = area('favourites', {
  saveFavourite: {
    summary: 'Save a post (saving it again changes nothing); 404 for a post the caller cannot see',
    params: postIdParams,
    responses: { 200: favouriteStateSchema },
    errors: [400, 401, 404, 429],
  },
  unsaveFavourite: {
    summary: 'Unsave a post (unsaving one that is not saved changes nothing)',
    params: postIdParams,
    responses: { 200: favouriteStateSchema },
    errors: [400, 401, 429],
  },
  favouriteStatus: {
    summary: 'Which of the given posts the caller has saved: ?postIds=1,2,3 (at most 50)',
    query: postIdsQuery,
    responses: { 200: savedPostIdsSchema },
    errors: [400, 401],
  },
  favourites: {
    summary: "The caller's saved posts that are public now, newest saved first (12 a page)",
    query: z.object({ cursor: z.string().max(100, { error: MSG.errors.invalidInput }).optional() }),
    responses: { 200: favouritesPageSchema },
    errors: [400, 401],
  },
});
