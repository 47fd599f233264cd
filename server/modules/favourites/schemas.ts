// Request schemas of the favourites calls; the response shapes are shared (shared/schemas/favourites.ts).
import { z } from 'zod';
import { MSG } from '../../../shared/messages';

export { batchQuery as postIdsQuery } from '../likes/schemas';

/** GET /api/favourites: an opaque cursor from the previous page, or none for the first. */
export const favouritesQuery = z.object({
  cursor: z.string().max(100, { error: MSG.errors.invalidInput }).optional(),
});
