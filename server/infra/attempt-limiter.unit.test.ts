import { describe, expect, it } from 'vitest';
import { AttemptLimiter } from './attempt-limiter';

const WINDOW = 60_000;

describe('AttemptLimiter', () => {
  it('limits a key after max attempts until its window ends', () => {
    const limiter = new AttemptLimiter(2, WINDOW);
    limiter.record('a', 0);
    expect(limiter.retryAfterSeconds('a', 1)).toBe(0);
    limiter.record('a', 1000);
    expect(limiter.retryAfterSeconds('a', 1000)).toBe(59);
    expect(limiter.retryAfterSeconds('b', 1000)).toBe(0);
    expect(limiter.retryAfterSeconds('a', WINDOW)).toBe(0);
    limiter.record('a', WINDOW);
    expect(limiter.retryAfterSeconds('a', WINDOW)).toBe(0);
  });

  it('forgets keys whose window has ended, however few there are', () => {
    const limiter = new AttemptLimiter(3, WINDOW);
    for (let i = 0; i < 1000; i++) limiter.record(`guess-${i}`, i);
    expect(limiter.size).toBe(1000);
    limiter.record('later', WINDOW + 500);
    // The first 501 windows (started at 0..500 ms) have ended.
    expect(limiter.size).toBe(1000 - 501 + 1);
    limiter.record('much-later', 10 * WINDOW);
    expect(limiter.size).toBe(1);
  });

  it('never holds more than maxKeys: the window that ends first makes room', () => {
    const limiter = new AttemptLimiter(1, WINDOW, 3);
    for (const [i, key] of ['a', 'b', 'c', 'd'].entries()) limiter.record(key, i);
    expect(limiter.size).toBe(3);
    expect(limiter.retryAfterSeconds('a', 10)).toBe(0);
    for (const key of ['b', 'c', 'd']) expect(limiter.retryAfterSeconds(key, 10)).toBeGreaterThan(0);
    // A key that starts a new window moves to the back of the line.
    limiter.record('b', WINDOW + 1);
    limiter.record('e', WINDOW + 2);
    expect(limiter.size).toBe(3);
    expect(limiter.retryAfterSeconds('b', WINDOW + 3)).toBeGreaterThan(0);
  });
});

describe('AttemptLimiter.undo', () => {
  it('takes back one attempt of the current window only', () => {
    const limiter = new AttemptLimiter(2, WINDOW);
    limiter.record('a', 0);
    limiter.record('a', 1);
    expect(limiter.retryAfterSeconds('a', 2)).toBeGreaterThan(0);
    limiter.undo('a', 3);
    expect(limiter.retryAfterSeconds('a', 4)).toBe(0);
    limiter.undo('a', 5);
    limiter.undo('a', 6); // never below zero
    limiter.record('a', 7);
    expect(limiter.retryAfterSeconds('a', 8)).toBe(0);
    limiter.undo('missing', 9);
    expect(limiter.size).toBe(1);
  });
});
