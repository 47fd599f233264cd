// The seller's number as their posts show it (issue 32): their phone, or '' when they chose that their
// posts do not show it. Every query that reads a post with its author's contact selects this one
// expression, so no feed, page or list can hand the number out by restating the rule differently.
import { sql } from 'drizzle-orm';
import { users } from '../../db/schema';

/** `users.phone_number` unless `users.show_phone_on_posts` is off; needs `users` joined as itself. */
export const shownPhone = sql<string>`case when ${users.showPhoneOnPosts} then ${users.phoneNumber} else '' end`;
