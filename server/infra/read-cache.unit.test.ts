import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('ReadCache', () => {
  it('serves a value for the TTL, then loads again', async () => {
    let now = 0;
    let loads = 0;
    const cache = new ReadCache(1000, () => now);
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    now = 999;
    expect(await cache.get('k', load)).toBe(1);
    now = 1000;
    expect(await cache.get('k', load)).toBe(2);
  });

  it('keeps at most its limit, dropping the entry stored longest ago', async () => {
    let loads = 0;
    const cache = new ReadCache(1000, () => 0, 2);
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(cache.size).toBe(2);
    expect(await cache.get('b', load)).toBe(2);
    expect(await cache.get('c', load)).toBe(3);
    expect(await cache.get('a', load)).toBe(4);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = new ReadCache(1000, () => 0);
    const gate = deferred<string>();
    let loads = 0;
    const load = () => {
      loads++;
      return gate.promise;
    };
    const both = Promise.all([cache.get('k', load), cache.get('k', load)]);
    gate.resolve('v');
    expect(await both).toEqual(['v', 'v']);
    expect(loads).toBe(1);
  });

  it('does not keep a value whose load started before a clear', async () => {
    const cache = new ReadCache(1000, () => 0);
    const gate = deferred<string>();
    const before = cache.get('k', () => gate.promise);
    cache.clear();
    const after = cache.get('k', async () => 'fresh');
    gate.resolve('stale');
    expect(await before).toBe('stale');
    expect(await after).toBe('fresh');
    expect(await cache.get('k', async () => 'unused')).toBe('fresh');
  });

  it('keeps nothing when a load fails', async () => {
    const cache = new ReadCache(1000, () => 0);
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('caches nothing with a TTL of 0', async () => {
    let loads = 0;
    const cache = new ReadCache(0);
    await cache.get('k', async () => ++loads);
    await cache.get('k', async () => ++loads);
    expect(loads).toBe(2);
  });
});
