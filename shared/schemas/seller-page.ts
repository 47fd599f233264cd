// Wire shape of a seller's public page (issue 14): who they are, as the post detail shows them, and
// their listed posts a page at a time. Never their email or phone at the top level: the posts carry
// the contact number they already show publicly.
import { z } from 'zod';
import { postWrapperSchema } from './post';

export const sellerPageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** When they joined (ISO time), as the post detail's: the web shows 'Member since Nov 2026'. */
  memberSince: z.string(),
  /** How many posts the public sees (all pages, not this one). */
  postCount: z.number().int(),
  posts: z.array(postWrapperSchema),
  nextCursor: z.string().nullable(),
});
