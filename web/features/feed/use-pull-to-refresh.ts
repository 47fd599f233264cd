// Pull-down refresh on touch screens (spec §4/§9): pulling the top of the page down by at least
// ROLLING_FEED.pullThresholdPx and letting go refreshes; a shorter pull does nothing. While the feed is
// on screen the page's own overscroll is contained (`overscroll-behavior-y: contain` on the scrolling
// element, the document), so the browser's pull-to-refresh does not reload the page under ours.
import { useEffect, useRef, useState } from 'react';
import { ROLLING_FEED } from '../../../shared/catalog';

export type PullPhase = 'idle' | 'pulling' | 'ready';

export interface PullState {
  phase: PullPhase;
  /** How far the finger has pulled, in px (0 when idle). */
  distance: number;
}

const IDLE: PullState = { phase: 'idle', distance: 0 };

export function usePullToRefresh(onRefresh: () => void, enabled: boolean): PullState {
  const [state, setState] = useState<PullState>(IDLE);
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;

  useEffect(() => {
    const root = document.documentElement.style;
    const before = root.overscrollBehaviorY;
    root.overscrollBehaviorY = 'contain';
    return () => {
      root.overscrollBehaviorY = before;
    };
  }, []);

  useEffect(() => {
    if (!enabled) return;
    let startY: number | null = null;
    let distance = 0;
    const onStart = (event: TouchEvent) => {
      // Only a pull that starts at the very top of the page, with one finger.
      startY = window.scrollY <= 0 && event.touches.length === 1 ? (event.touches[0]?.clientY ?? null) : null;
      distance = 0;
    };
    const onMove = (event: TouchEvent) => {
      const y = event.touches[0]?.clientY;
      if (startY === null || y === undefined) return;
      distance = Math.max(0, y - startY);
      setState(
        distance === 0
          ? IDLE
          : { phase: distance >= ROLLING_FEED.pullThresholdPx ? 'ready' : 'pulling', distance },
      );
    };
    const stop = () => {
      const pulled = startY === null ? 0 : distance;
      startY = null;
      distance = 0;
      setState(IDLE);
      return pulled;
    };
    const onEnd = () => {
      if (stop() >= ROLLING_FEED.pullThresholdPx) refresh.current();
    };
    const onCancel = () => void stop();
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    window.addEventListener('touchcancel', onCancel);
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', onCancel);
    };
  }, [enabled]);

  return state;
}
