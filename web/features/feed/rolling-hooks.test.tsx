import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLoadMoreOnScroll } from './use-load-more-on-scroll';
import { usePullToRefresh } from './use-pull-to-refresh';

afterEach(() => {
  vi.useRealTimers();
  window.scrollY = 0;
});

function setPage(scrollHeight: number, innerHeight: number, scrollY: number) {
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    value: scrollHeight,
    configurable: true,
  });
  Object.defineProperty(window, 'innerHeight', { value: innerHeight, configurable: true });
  window.scrollY = scrollY;
}

describe('useLoadMoreOnScroll', () => {
  it('loads more once the bottom of the screen passes 80% of the page, checking at most every 150 ms', () => {
    vi.useFakeTimers();
    setPage(1000, 500, 0);
    const loadMore = vi.fn();
    renderHook(() => useLoadMoreOnScroll(loadMore, true, 20));
    expect(loadMore).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(200));
    setPage(1000, 500, 299);
    window.dispatchEvent(new Event('scroll'));
    expect(loadMore).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(200));
    setPage(1000, 500, 300);
    window.dispatchEvent(new Event('scroll'));
    expect(loadMore).toHaveBeenCalledTimes(1);
    // A burst of scroll events within 150 ms is one more check, at the end of the window.
    for (let i = 0; i < 5; i += 1) window.dispatchEvent(new Event('scroll'));
    expect(loadMore).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(150));
    expect(loadMore).toHaveBeenCalledTimes(2);
  });

  it('does nothing when disabled (no more pages, or a page is loading)', () => {
    setPage(1000, 1000, 0);
    const loadMore = vi.fn();
    renderHook(() => useLoadMoreOnScroll(loadMore, false, 20));
    window.dispatchEvent(new Event('scroll'));
    expect(loadMore).not.toHaveBeenCalled();
  });

  it('checks again when a page arrives that leaves the page too short to scroll', () => {
    setPage(400, 800, 0);
    const loadMore = vi.fn();
    const { rerender } = renderHook(({ count }) => useLoadMoreOnScroll(loadMore, true, count), {
      initialProps: { count: 20 },
    });
    expect(loadMore).toHaveBeenCalledTimes(1);
    rerender({ count: 30 });
    expect(loadMore).toHaveBeenCalledTimes(2);
  });
});

function touch(type: string, clientY?: number) {
  const event = new Event(type);
  const touches = clientY === undefined ? [] : [{ clientY }];
  Object.defineProperty(event, 'touches', { value: touches });
  act(() => {
    window.dispatchEvent(event);
  });
}

describe('usePullToRefresh', () => {
  it('refreshes after a pull of at least 50 px from the top, and says when to let go', () => {
    const refresh = vi.fn();
    const { result } = renderHook(() => usePullToRefresh(refresh, true));
    touch('touchstart', 100);
    touch('touchmove', 149);
    expect(result.current.phase).toBe('pulling');
    touch('touchend');
    expect(refresh).not.toHaveBeenCalled();
    expect(result.current.phase).toBe('idle');

    touch('touchstart', 100);
    touch('touchmove', 150);
    expect(result.current).toEqual({ phase: 'ready', distance: 50 });
    touch('touchend');
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(result.current.phase).toBe('idle');
  });

  it('ignores a pull that starts below the top of the page, and a cancelled touch', () => {
    const refresh = vi.fn();
    const { result } = renderHook(() => usePullToRefresh(refresh, true));
    window.scrollY = 300;
    touch('touchstart', 100);
    touch('touchmove', 300);
    expect(result.current.phase).toBe('idle');
    touch('touchend');
    window.scrollY = 0;
    touch('touchstart', 100);
    touch('touchmove', 300);
    touch('touchcancel');
    expect(refresh).not.toHaveBeenCalled();
  });

  it("contains the page's overscroll while mounted, so the browser's own pull-to-refresh stays out", () => {
    const { unmount } = renderHook(() => usePullToRefresh(vi.fn(), true));
    expect(document.documentElement.style.overscrollBehaviorY).toBe('contain');
    unmount();
    expect(document.documentElement.style.overscrollBehaviorY).toBe('');
  });
});
