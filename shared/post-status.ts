// Sold and reserved (issue 14): the seller's word on whether a published post can still be had. One
// vocabulary for server and web; who sees a post in which status is server/modules/posts/policy.ts.
export const POST_STATUSES = ['available', 'reserved', 'sold'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** The badge a post shows ('available' shows none). */
export const STATUS_LABELS: Record<PostStatus, string> = {
  available: 'Available',
  reserved: 'Reserved',
  sold: 'Sold',
};

/** What the owner's control offers to move a post to, from each status. */
export const STATUS_ACTIONS: Record<PostStatus, Array<{ to: PostStatus; label: string }>> = {
  available: [
    { to: 'reserved', label: 'Mark reserved' },
    { to: 'sold', label: 'Mark sold' },
  ],
  reserved: [
    { to: 'available', label: 'Mark available' },
    { to: 'sold', label: 'Mark sold' },
  ],
  sold: [{ to: 'available', label: 'Relist' }],
};

/**
 * What became of a saved post (issue 34), as /saved shows it: still listed, sold, expired, or out of
 * sight (unpublished, hidden by a moderator, its author suspended). Only a listed one offers contact.
 */
export const SAVED_AVAILABILITY = ['listed', 'sold', 'expired', 'unavailable'] as const;
export type SavedAvailability = (typeof SAVED_AVAILABILITY)[number];

/** The mark an unlisted saved post carries on /saved. */
export const SAVED_AVAILABILITY_LABELS: Record<Exclude<SavedAvailability, 'listed'>, string> = {
  sold: 'Sold',
  expired: 'Expired',
  unavailable: 'No longer available',
};
