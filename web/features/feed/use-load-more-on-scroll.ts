// Spec §4/§9: load more when scrolling reaches 80% of the page, the scroll handler throttled at 150 ms.
import { useEffect, useRef } from 'react';
import { ROLLING_FEED, TIMINGS } from '../../../shared/catalog';
import { throttle } from './throttle';

/** How far down the page the bottom of the viewport is, 0..1 (1 when the page does not scroll). */
function scrolledFraction(): number {
  const { scrollHeight } = document.documentElement;
  if (scrollHeight <= 0) return 1;
  return Math.min(1, (window.scrollY + window.innerHeight) / scrollHeight);
}

/**
 * Calls `loadMore` when the reader scrolls past ROLLING_FEED.loadMoreAt, and after each page arrives
 * (`itemCount` changed) if the page is still too short to scroll that far.
 */
export function useLoadMoreOnScroll(loadMore: () => void, enabled: boolean, itemCount: number) {
  const callback = useRef(loadMore);
  callback.current = loadMore;

  // biome-ignore lint/correctness/useExhaustiveDependencies: itemCount: a new page may leave the page short of the threshold, so check again
  useEffect(() => {
    if (!enabled) return;
    const check = throttle(() => {
      if (scrolledFraction() >= ROLLING_FEED.loadMoreAt) callback.current();
    }, TIMINGS.rollingThrottleMs);
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check, { passive: true });
    check();
    return () => {
      check.cancel();
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [enabled, itemCount]);
}
