// Wire shapes of the favourites calls (issue 14): a user's saved posts. The list is the same page of
// post wrappers GET /api/posts answers (postsPageSchema), newest saved first.
import { z } from 'zod';

const id = z.number().int();

/** PUT and DELETE /api/favourites/{postId}: whether the post is saved now. */
export const favouriteStateSchema = z.object({ postId: id, saved: z.boolean() });

/** GET /api/favourites/status?postIds=: which of the asked posts the user has saved. */
export const savedPostIdsSchema = z.object({ postIds: z.array(id) });

export { postsPageSchema as favouritesPageSchema } from './post';
