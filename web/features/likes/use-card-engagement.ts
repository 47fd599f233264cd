// Card engagement (spec §4): the like and comment counts of the cards in a feed, in batched calls
// (GET /api/likes/engagement?postIds=…, at most 50 ids a call), never one call per card. Each card is
// fetched once when it arrives (one call per page of cards, not again as the page fills), then only
// the cards on screen are refreshed every 30 s, and only while the tab is in front (on-screen-cards.ts):
// an idle feed costs nothing for the hundreds of cards above. Coming back to the tab or to the cards
// refreshes those on screen unless they were fetched under 15 s ago. Counts live in the query cache
// per post, so a remount shows them at once and a like or comment elsewhere updates them.
import { focusManager, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Engagement } from '../../../shared/api-types';
import { TIMINGS } from '../../../shared/catalog';
import { httpErrorText } from '../../lib/http';
import { fetchEngagementBatch, likesKeys } from './api';
import { isOnScreen } from './on-screen-cards';

/** The server's limit of ids in one batched call. */
const ENGAGEMENT_BATCH_MAX = 50;

export type CardEngagement = Record<number, Engagement | undefined>;

function chunksOf(ids: readonly number[]): number[][] {
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += ENGAGEMENT_BATCH_MAX)
    chunks.push(ids.slice(i, i + ENGAGEMENT_BATCH_MAX));
  return chunks;
}

/**
 * Engagement of the given cards, keyed by post id; an entry is undefined until its batch arrives.
 * `enabled: false` (the cards are hidden) pauses fetching; the last counts stay available.
 */
export function useCardEngagement(postIds: readonly number[], { enabled = true } = {}): CardEngagement {
  const queryClient = useQueryClient();
  const signature = postIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids' content, not the array's identity
  const ids = useMemo(
    () => [...new Set(postIds.filter((id) => Number.isInteger(id) && id > 0))],
    [signature],
  );
  const [version, setVersion] = useState(0);
  /** Posts asked for and not answered yet: never asked twice at once. */
  const inFlight = useRef(new Set<number>());
  const aborter = useRef<AbortController>(null);

  // A card's counts changed in the cache (this hook's answers, a like, a comment): draw them.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        const key = event.query.queryKey;
        if (key[0] === 'likes' && key[1] === 'card' && event.type === 'updated') setVersion((v) => v + 1);
      }),
    [queryClient],
  );
  useEffect(() => {
    aborter.current = new AbortController();
    return () => aborter.current?.abort();
  }, []);

  const fetchedAt = useCallback(
    (id: number) => queryClient.getQueryState(likesKeys.card(id))?.dataUpdatedAt ?? 0,
    [queryClient],
  );
  const load = useCallback(
    (wanted: number[]) => {
      const signal = aborter.current?.signal;
      for (const id of wanted) inFlight.current.add(id);
      for (const chunk of chunksOf(wanted)) {
        fetchEngagementBatch(chunk, signal)
          .then((result) => {
            for (const id of chunk) {
              const engagement = result.data[String(id)];
              if (engagement) queryClient.setQueryData(likesKeys.card(id), engagement);
            }
          })
          .catch((error: unknown) => {
            // Silent like failures (spec §8): the cards keep their last counts; only logged.
            if (!signal?.aborted) console.warn(`Card engagement failed: ${httpErrorText(error)}`);
          })
          .finally(() => {
            for (const id of chunk) inFlight.current.delete(id);
          });
      }
    },
    [queryClient],
  );

  // New cards: each once, when it arrives.
  useEffect(() => {
    if (!enabled) return;
    const fresh = ids.filter((id) => fetchedAt(id) === 0 && !inFlight.current.has(id));
    if (fresh.length > 0) load(fresh);
  }, [ids, enabled, fetchedAt, load]);

  // The cards on screen: every 30 s while the tab is in front, and on coming back to the tab or to the
  // cards, unless fetched under 15 s ago.
  useEffect(() => {
    if (!enabled) return;
    const refresh = () => {
      if (!focusManager.isFocused()) return;
      const cutoff = Date.now() - TIMINGS.engagementMinGapMs;
      const due = ids.filter((id) => isOnScreen(id) && !inFlight.current.has(id) && fetchedAt(id) <= cutoff);
      if (due.length > 0) load(due);
    };
    refresh();
    const timer = setInterval(refresh, TIMINGS.refreshMs);
    const unsubscribe = focusManager.subscribe((focused) => {
      if (focused) refresh();
    });
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, [ids, enabled, fetchedAt, load]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is when the cached counts changed
  return useMemo(() => {
    const counts: CardEngagement = {};
    for (const id of ids) counts[id] = queryClient.getQueryData<Engagement>(likesKeys.card(id));
    return counts;
  }, [ids, queryClient, version]);
}
