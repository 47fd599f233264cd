import { afterEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

afterEach(() => vi.useRealTimers());

describe('throttle', () => {
  it('runs at once, then at most once per window with one trailing call', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const throttled = throttle(fn, 150);
    throttled();
    expect(fn).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 10; i += 1) {
      vi.advanceTimersByTime(10);
      throttled();
    }
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(49);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('cancel drops the pending call', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const throttled = throttle(fn, 150);
    throttled();
    throttled();
    throttled.cancel();
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
