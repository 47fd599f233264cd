// A fixed-window counter per key (an account at an address, say), kept in memory. One instance per
// rule. With REDIS_URL the login lockout counts in Redis as well (shared-store/counters.ts) and this
// stays the per-process floor: what the instance counts when Redis is down (decision 023).
//
// Memory stays bounded whatever clients send: keys are kept in the order their windows end, every new
// window first drops the ended ones (they are at the front), and past `maxKeys` the window that ends
// first is dropped early. That forgets a few counts under a flood of distinct keys, which is better
// than growing until the process dies or refusing everyone.
export class AttemptLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    readonly maxKeys = 100_000,
  ) {}

  /** How many keys are counted now. */
  get size(): number {
    return this.hits.size;
  }

  /** Seconds until the key may try again, or 0 when it is not limited. */
  retryAfterSeconds(key: string, now = Date.now()): number {
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now || entry.count < this.max) return 0;
    return Math.ceil((entry.resetAt - now) / 1000);
  }

  record(key: string, now = Date.now()) {
    const entry = this.hits.get(key);
    if (entry && entry.resetAt > now) {
      entry.count++;
      return;
    }
    // A new window goes to the back (delete, then set), so the map stays in the order windows end.
    this.hits.delete(key);
    this.sweep(now);
    if (this.hits.size >= this.maxKeys) {
      const first = this.hits.keys().next();
      if (!first.done) this.hits.delete(first.value);
    }
    this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
  }

  /** Takes back one attempt counted in the key's current window (one that turned out not to count). */
  undo(key: string, now = Date.now()) {
    const entry = this.hits.get(key);
    if (entry && entry.resetAt > now && entry.count > 0) entry.count--;
  }

  reset(key: string) {
    this.hits.delete(key);
  }

  /** Drops the windows that have ended: they are at the front, so this stops at the first live one. */
  private sweep(now: number) {
    for (const [key, entry] of this.hits) {
      if (entry.resetAt > now) break;
      this.hits.delete(key);
    }
  }
}
