// The view calls (spec §7): record one view per opening of a post's detail, then read its statistics.
// A failed view is silent (spec §8 Silent failures): only logged, as 'HTTP {status}: {body}'.
import { queryOptions } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { call } from '../../lib/client';
import { httpErrorText } from '../../lib/http';

export const viewsKeys = {
  stats: (postId: number) => ['views', 'stats', postId] as const,
};

export const trackView = (postId: number) => call('trackView', { params: { postId } });

export const fetchViewStatistics = (postId: number, signal?: AbortSignal) =>
  call('viewStats', { params: { postId } }, { signal });

export const viewStatsQueryOptions = (postId: number) =>
  queryOptions({
    queryKey: viewsKeys.stats(postId),
    queryFn: ({ signal }) => fetchViewStatistics(postId, signal),
    // Counted afresh on every opening of the detail, right after this opening's view is recorded.
    staleTime: 0,
  });

/**
 * Records a view once per opening of the detail of `postId`. React's StrictMode runs effects twice;
 * the ref remembers the post already counted by this mounted detail, so the second run sends nothing.
 * Returns true once the call has settled (either way), so statistics read afterwards include it.
 */
export function useTrackView(postId: number): boolean {
  const trackedFor = useRef<number | null>(null);
  const [settledFor, setSettledFor] = useState<number | null>(null);
  useEffect(() => {
    if (!Number.isInteger(postId) || postId <= 0 || trackedFor.current === postId) return;
    trackedFor.current = postId;
    trackView(postId)
      .catch((error: unknown) => console.warn(`View not recorded: ${httpErrorText(error)}`))
      .finally(() => setSettledFor(postId));
  }, [postId]);
  return settledFor === postId;
}
