// Card engagement (spec §4): the like and comment counts of the cards in a feed, in batched calls
// (GET /api/likes/engagement?postIds=…, at most 50 ids a call), never one call per card. Each card is
// fetched once when it arrives (one call per page of cards, not again as the page fills), when the
// page is next idle (decision 037), then only the cards on screen are refreshed every 30 s, and only
// while the tab is in front (on-screen-cards.ts): an idle feed costs nothing for the hundreds of cards
// above. Coming back to the tab or to the cards
// refreshes those on screen unless they were fetched under 15 s ago. Counts live in the query cache
// per post, so a remount shows them at once and a like or comment elsewhere updates them. Each card
// reads its own (useCardCounts): counts arriving redraw the cards' bars, not the feed and every card.
import { focusManager, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { Engagement } from '../../../shared/api-types';
import { TIMINGS } from '../../../shared/catalog';
import { httpErrorText } from '../../lib/http';
import { whenIdle } from '../../lib/when-idle';
import { fetchEngagementBatch, likesKeys } from './api';
import { isOnScreen } from './on-screen-cards';

/** The server's limit of ids in one batched call. */
const ENGAGEMENT_BATCH_MAX = 50;

function chunksOf(ids: readonly number[]): number[][] {
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += ENGAGEMENT_BATCH_MAX)
    chunks.push(ids.slice(i, i + ENGAGEMENT_BATCH_MAX));
  return chunks;
}

/**
 * Loads and refreshes the given cards' counts into the query cache, where useCardCounts reads them.
 * `enabled: false` (the cards are hidden) pauses fetching; the last counts stay available.
 */
export function useCardEngagement(postIds: readonly number[], { enabled = true } = {}): void {
  const queryClient = useQueryClient();
  const signature = postIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids' content, not the array's identity
  const ids = useMemo(
    () => [...new Set(postIds.filter((id) => Number.isInteger(id) && id > 0))],
    [signature],
  );
  /** Posts asked for and not answered yet: never asked twice at once. */
  const inFlight = useRef(new Set<number>());
  const aborter = useRef<AbortController>(null);

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

  // New cards: each once, when it arrives, once the page is idle: the cards' covers and the rest of
  // the screen come first on a slow link, and the bars show '–' until then.
  useEffect(() => {
    if (!enabled) return;
    return whenIdle(() => {
      const fresh = ids.filter((id) => fetchedAt(id) === 0 && !inFlight.current.has(id));
      if (fresh.length > 0) load(fresh);
    });
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
    const cancelFirst = whenIdle(refresh);
    const timer = setInterval(refresh, TIMINGS.refreshMs);
    const unsubscribe = focusManager.subscribe((focused) => {
      if (focused) refresh();
    });
    return () => {
      cancelFirst();
      clearInterval(timer);
      unsubscribe();
    };
  }, [ids, enabled, fetchedAt, load]);
}

/**
 * One card's counts from the cache, undefined until its batch arrives; redraws the caller when they
 * change (this hook's answers, a like, a comment).
 */
export function useCardCounts(postId: number): Engagement | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (changed: () => void) => listenToCounts(queryClient, postId, changed),
    [queryClient, postId],
  );
  const read = () => queryClient.getQueryData<Engagement>(likesKeys.card(postId));
  return useSyncExternalStore(subscribe, read, read);
}

interface CountsHub {
  /** The readers of each post's counts. */
  listeners: Map<unknown, Set<() => void>>;
  unsubscribe(): void;
}

/** Per query client, one subscription to its cache for every card on the page. */
const hubs = new WeakMap<QueryClient, CountsHub>();

/**
 * Calls `changed` when the post's counts change in the cache. One cache subscription serves all cards:
 * with one each, every cache event (each of the page's calls, each card's batch answer) would run
 * every card's listener.
 */
function listenToCounts(queryClient: QueryClient, postId: number, changed: () => void): () => void {
  let hub = hubs.get(queryClient);
  if (!hub) {
    const listeners = new Map<unknown, Set<() => void>>();
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      const [scope, kind, id] = event.query.queryKey;
      if (scope !== 'likes' || kind !== 'card' || event.type !== 'updated') return;
      for (const listener of listeners.get(id) ?? []) listener();
    });
    hub = { listeners, unsubscribe };
    hubs.set(queryClient, hub);
  }
  const { listeners, unsubscribe } = hub;
  const forPost = listeners.get(postId) ?? new Set();
  listeners.set(postId, forPost.add(changed));
  return () => {
    forPost.delete(changed);
    if (forPost.size > 0) return;
    listeners.delete(postId);
    if (listeners.size > 0) return;
    unsubscribe();
    hubs.delete(queryClient);
  };
}
