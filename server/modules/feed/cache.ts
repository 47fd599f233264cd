// A short-lived, per-app cache (one per app, made in buildApp) for the public landing feeds (first-payload, the unfiltered /home page):
// they are the same for every visitor and the most requested calls, so each is queried and serialized
// at most once per TTL instead of once per request. Concurrent misses share one load. A successful
// write that changes what the feeds show clears the cache (see cache-invalidation.ts), so a post someone just
// published shows at once on this instance; with REDIS_URL the other instances are told to clear theirs
// (a message, usually there within milliseconds), else they show it within the TTL.
import type { z } from 'zod';

export const FEED_CACHE_TTL_MS = 1000;

export class FeedCache {
  private readonly entries = new Map<string, { value: unknown; expires: number }>();
  private readonly loading = new Map<string, Promise<unknown>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) return hit.value as T;
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;

    const generation = this.generation;
    const promise = load()
      .then((value) => {
        // A load that started before a clear() may hold data older than the write: serve, don't keep.
        if (generation === this.generation)
          this.entries.set(key, { value, expires: this.now() + this.ttlMs });
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }

  /**
   * The JSON text of a cached value, checked against the route's response schema once per load
   * rather than on every request (a route sends the text as is).
   */
  json<T>(key: string, schema: z.ZodType<T>, load: () => Promise<T>): Promise<string> {
    return this.get(key, async () => JSON.stringify(schema.parse(await load())));
  }

  /** How many feeds are cached now (expired ones included until they are loaded again). */
  get size(): number {
    return this.entries.size;
  }

  /** Called after each clear() (cache-invalidation.ts tells the other instances). */
  onClear: () => void = () => {};

  /** Drops what is cached: the feeds changed. */
  clear(): void {
    this.drop();
    this.onClear();
  }

  /** Drops what is cached here only (another instance changed the feeds and said so). */
  drop(): void {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
  }
}
