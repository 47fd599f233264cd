// A short-lived, per-app cache (made in buildDeps) for reads that are the same for everyone: one holds
// the public feeds (first-payload and every GET /api/posts page: the landing page, filters, searches,
// later pages), another the public comment pages (comments/service.ts). The landing page, popular
// searches and a busy post's comments (every open detail page polls them) are asked for many times a
// second, so each is queried at most once per TTL instead of once per request.
// Concurrent misses share one load. A successful write that changes what they show clears the cache
// (see cache-invalidation.ts), so a post someone just published shows at once on this instance;
// with REDIS_URL the other instances are told to clear theirs (a message, usually there within
// milliseconds), else they show it within the TTL. At most FEED_CACHE_MAX_ENTRIES are kept (a flood
// of distinct searches evicts the oldest), so memory stays bounded whatever is asked.
import type { z } from 'zod';

/** About 12 kB of JSON each: a few MB at most. */
export const FEED_CACHE_MAX_ENTRIES = 500;

declare const jsonOf: unique symbol;
/** JSON text of a value of type T, checked against its schema when it was made. */
export type JsonText<T> = string & { readonly [jsonOf]: T };

/** The value as JSON text, after its schema has checked it (and dropped what it does not name). */
export const jsonText = <T>(schema: z.ZodType<T>, value: T) =>
  JSON.stringify(schema.parse(value)) as JsonText<T>;

export class ReadCache {
  private readonly entries = new Map<string, { value: unknown; expires: number }>();
  private readonly loading = new Map<string, Promise<unknown>>();
  private generation = 0;
  /**
   * Reads answered without a load (kept, or joining a load in flight) and reads that started one;
   * plain numbers that /metrics reads (server/metrics).
   */
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = () => performance.now(),
    private readonly maxEntries = FEED_CACHE_MAX_ENTRIES,
  ) {}

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) {
      this.stats.misses++;
      return load();
    }
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) {
      this.stats.hits++;
      return hit.value as T;
    }
    const pending = this.loading.get(key);
    if (pending) {
      this.stats.hits++;
      return pending as Promise<T>;
    }

    this.stats.misses++;
    const generation = this.generation;
    const promise = load()
      .then((value) => {
        // A load that started before a clear() may hold data older than the write: serve, don't keep.
        if (generation === this.generation) this.keep(key, value);
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }

  private keep(key: string, value: unknown) {
    // Re-inserted keys go to the end, so the first key is the one stored longest ago.
    this.entries.delete(key);
    const oldest = this.entries.keys().next();
    if (this.entries.size >= this.maxEntries && !oldest.done) this.entries.delete(oldest.value);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
  }

  /**
   * The JSON text of a cached value, checked against the route's response schema once per load
   * rather than on every request (a route sends the text as is).
   */
  json<T>(key: string, schema: z.ZodType<T>, load: () => Promise<T>): Promise<JsonText<T>> {
    return this.get(key, async () => jsonText(schema, await load()));
  }

  /** False when FEED_CACHE_MS is 0: every get() loads. */
  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** How many reads are cached now (expired ones included until they are loaded again). */
  get size(): number {
    return this.entries.size;
  }

  /** Called after each clear() (cache-invalidation.ts tells the other instances). */
  onClear: () => void = () => {};

  /** Drops what is cached: what it shows changed. */
  clear(): void {
    this.drop();
    this.onClear();
  }

  /** Drops what is cached here only (another instance changed what it shows and said so). */
  drop(): void {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
  }
}
