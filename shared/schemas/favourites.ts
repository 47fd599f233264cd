// Wire shapes of the favourites calls (issue 14): a user's saved posts. The list is a page of the post
// wrappers GET /api/posts answers, newest saved first, each marked with whether it is still listed
// (issue 34: a saved post that sold, expired or went out of sight stays, marked).
import { z } from 'zod';
import { SAVED_AVAILABILITY } from '../post-status';
import { postWrapperSchema } from './post';

const id = z.number().int();

/** PUT and DELETE /api/favourites/{postId}: whether the post is saved now. */
export const favouriteStateSchema = z.object({ postId: id, saved: z.boolean() });

/** GET /api/favourites/status?postIds=: which of the asked posts the user has saved. */
export const savedPostIdsSchema = z.object({ postIds: z.array(id) });

/**
 * A saved post: 'listed' as the feeds show it; 'sold' and 'expired' still open, without contact;
 * 'unavailable' (unpublished, hidden by moderation, its author suspended) carries only its name and
 * type: no contact, price, place, details or image.
 */
export const savedPostSchema = postWrapperSchema.extend({ availability: z.enum(SAVED_AVAILABILITY) });

export const favouritesPageSchema = z.object({
  posts: z.array(savedPostSchema),
  nextCursor: z.string().nullable(),
});
