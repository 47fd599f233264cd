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
