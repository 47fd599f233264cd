import { type RefObject, useEffect, useRef } from 'react';

/**
 * Calls `onVisible` whenever the element comes within `margin` of the viewport: the infinite list's
 * "load more" trigger. Browsers without IntersectionObserver keep the Load more button.
 */
export function useSentinel(
  onVisible: () => void,
  enabled: boolean,
  margin = '600px',
): RefObject<HTMLDivElement | null> {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: `0px 0px ${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, margin]);
  return ref;
}
