// Fixed-window attempt counters per (rule, key), for the login lockout: always in this process
// (AttemptLimiter), and in Redis as well when REDIS_URL is set, so every instance sees the attempts made
// at the others. The stricter of the two decides, so Redis can only make a limit tighter: when it is
// down, restarted empty or slow, each instance still holds its own count (decision 023).
import { AttemptLimiter } from '../attempt-limiter';
import type { SharedStore } from './redis';

export interface CounterRule {
  /** Names the rule's keys in Redis. */
  name: string;
  max: number;
  windowMs: number;
}

export interface Hit {
  rule: CounterRule;
  key: string;
}

/** What take() did: how long to wait (0: the attempt was counted) and whether Redis counted it too. */
export interface Taken {
  retryAfterSeconds: number;
  shared: boolean;
}

// KEYS: the counters; ARGV: max and window (ms) per key. If any counter is at its max, answers the
// longest time left (ms) and counts nothing; else counts one on each and answers 0. One script, so
// two instances' parallel attempts cannot both pass the test.
const TAKE = `
local wait = 0
for i, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0')
  if count >= tonumber(ARGV[2 * i - 1]) then
    wait = math.max(wait, redis.call('PTTL', key))
  end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 then redis.call('PEXPIRE', key, ARGV[2 * i]) end
end
return 0`;

// Takes back one count from each existing counter (never creates one).
const UNDO = `
for _, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0')
  if count > 0 then redis.call('DECR', key) end
end
return 0`;

export class Counters {
  private readonly local = new Map<string, AttemptLimiter>();

  constructor(private readonly shared?: SharedStore) {}

  /**
   * Counts one attempt on every hit, or none when one of them is at its max (then answers the wait).
   * The in-process test and count happen in one synchronous step, before anything is awaited, so
   * parallel attempts on this instance see each other.
   */
  async take(hits: Hit[], now = Date.now()): Promise<Taken> {
    const wait = this.localWait(hits, now);
    if (wait > 0) return { retryAfterSeconds: wait, shared: false };
    for (const hit of hits) this.limiter(hit.rule).record(hit.key, now);
    const sharedWaitMs = await this.shared?.run(
      (redis) =>
        redis.eval(
          TAKE,
          hits.length,
          ...this.keys(hits),
          ...hits.flatMap((h) => [h.rule.max, h.rule.windowMs]),
        ) as Promise<number>,
    );
    if (sharedWaitMs === undefined) return { retryAfterSeconds: 0, shared: false };
    if (sharedWaitMs > 0) {
      for (const hit of hits) this.limiter(hit.rule).undo(hit.key, now);
      return { retryAfterSeconds: Math.ceil(sharedWaitMs / 1000), shared: false };
    }
    return { retryAfterSeconds: 0, shared: true };
  }

  /** Takes back an attempt that turned out not to count. */
  async undo(hits: Hit[], taken: Taken, now = Date.now()): Promise<void> {
    for (const hit of hits) this.limiter(hit.rule).undo(hit.key, now);
    if (taken.shared) await this.shared?.run((redis) => redis.eval(UNDO, hits.length, ...this.keys(hits)));
  }

  /** Clears the counters (everywhere). */
  async reset(hits: Hit[]): Promise<void> {
    for (const hit of hits) this.limiter(hit.rule).reset(hit.key);
    if (hits.length > 0) await this.shared?.run((redis) => redis.del(...this.keys(hits)));
  }

  /** Seconds until every hit may be counted, by this process's counts alone (0: none is at its max). */
  localWait(hits: Hit[], now = Date.now()): number {
    return Math.max(0, ...hits.map((hit) => this.limiter(hit.rule).retryAfterSeconds(hit.key, now)));
  }

  private limiter(rule: CounterRule): AttemptLimiter {
    let limiter = this.local.get(rule.name);
    if (!limiter) {
      limiter = new AttemptLimiter(rule.max, rule.windowMs);
      this.local.set(rule.name, limiter);
    }
    return limiter;
  }

  private keys(hits: Hit[]): string[] {
    return hits.map((hit) => `${this.shared?.prefix}counter:${hit.rule.name}:${hit.key}`);
  }
}
