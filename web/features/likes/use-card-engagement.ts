// Card engagement (spec §4): the like and comment counts of a page of cards, fetched in ONE batched
// call per 50 cards (GET /api/likes/engagement?postIds=…), never one call per card. Refreshed every
// 30 s; a remount or a return to the tab within 15 s of the last fetch is skipped (staleTime).
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Engagement } from '../../../shared/api-types';
import { TIMINGS } from '../../../shared/catalog';
import { httpErrorText } from '../../lib/http';
import { fetchEngagementBatch, likesKeys } from './api';

/** The server's limit of ids in one batched call. */
const ENGAGEMENT_BATCH_MAX = 50;

export type CardEngagement = Record<number, Engagement | undefined>;

function chunksOf(ids: readonly number[]): number[][] {
  const unique = [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))];
  const chunks: number[][] = [];
  for (let i = 0; i < unique.length; i += ENGAGEMENT_BATCH_MAX) {
    chunks.push(unique.slice(i, i + ENGAGEMENT_BATCH_MAX));
  }
  return chunks;
}

/**
 * Engagement of the given cards, keyed by post id; an entry is undefined until its batch arrives.
 * `enabled: false` (the cards are hidden) pauses the refresh; the last counts stay available.
 */
export function useCardEngagement(postIds: readonly number[], { enabled = true } = {}): CardEngagement {
  const signature = postIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids' content, not the array's identity
  const chunks = useMemo(() => chunksOf(postIds), [signature]);
  return useQueries({
    queries: chunks.map((ids) => ({
      queryKey: likesKeys.engagement(ids),
      enabled,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        fetchEngagementBatch(ids, signal).then(
          (result) => result.data,
          (error: unknown) => {
            // Silent like failures (spec §8): the cards keep their last counts; only logged.
            if (!signal.aborted) console.warn(`Card engagement failed: ${httpErrorText(error)}`);
            throw error;
          },
        ),
      staleTime: TIMINGS.engagementMinGapMs,
      refetchInterval: TIMINGS.refreshMs,
      refetchOnWindowFocus: true,
      // When a page of cards is added, the counts already shown stay until the new batch arrives.
      placeholderData: keepPreviousData,
      retry: false,
    })),
    combine: (results) => {
      const merged: CardEngagement = {};
      for (const result of results) {
        for (const [id, engagement] of Object.entries(result.data ?? {})) merged[Number(id)] = engagement;
      }
      return merged;
    },
  });
}
