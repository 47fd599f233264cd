// A post opened from the rolling feed carries this history state, so its 'Back to Posts' goes back one
// step (the same entry, the same place in the feed, as the phone's Back button) instead of pushing a
// fresh feed at its top.
export const FROM_FEED = { fromFeed: true } as const;

export const cameFromFeed = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { fromFeed?: unknown }).fromFeed === true;
