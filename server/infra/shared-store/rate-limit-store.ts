// The @fastify/rate-limit store with REDIS_URL: every limit (per-user writes, sign-ups, logins and views
// per address) counts in this process always and in Redis (the plugin's own Redis store) while it
// answers; the higher count decides. Redis down: the process's own count stands, so a limit is never
// looser than one instance alone and a request never waits for Redis (decision 023).
import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { SharedStore } from './redis';

type Count = { current: number; ttl: number };
type StoreParams = { continueExceeding?: boolean; exponentialBackoff?: boolean };

// The plugin's two stores are not in its type exports: their constructors, as the plugin calls them.
const require = createRequire(import.meta.url);
const LocalStore: new (continueExceeding?: boolean, exponentialBackoff?: boolean) => FastifyRateLimitStore =
  require('@fastify/rate-limit/store/LocalStore.js');
const RedisStore: new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: Redis,
  prefix: string,
) => FastifyRateLimitStore = require('@fastify/rate-limit/store/RedisStore.js');

class BothStores implements FastifyRateLimitStore {
  constructor(
    private readonly shared: SharedStore,
    private readonly local: FastifyRateLimitStore,
    private readonly redis: FastifyRateLimitStore,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: Count) => void,
    timeWindow: number,
    max: number,
  ): void {
    this.local.incr(
      key,
      (_error, local = { current: 1, ttl: timeWindow }) => {
        void this.shared
          .run(
            () =>
              new Promise<Count>((resolve, reject) =>
                this.redis.incr(
                  key,
                  (error, result) => (error || !result ? reject(error) : resolve(result)),
                  timeWindow,
                  max,
                ),
              ),
          )
          .then((inRedis) => callback(null, inRedis && inRedis.current > local.current ? inRedis : local));
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new BothStores(this.shared, this.local.child(routeOptions), this.redis.child(routeOptions));
  }
}

/** The `store` option of @fastify/rate-limit for an app with a shared store. */
export function sharedRateLimitStore(shared: SharedStore): FastifyRateLimitStoreCtor {
  return class extends BothStores {
    constructor(params: StoreParams) {
      super(
        shared,
        new LocalStore(params.continueExceeding, params.exponentialBackoff),
        new RedisStore(
          params.continueExceeding,
          params.exponentialBackoff,
          shared.redis,
          `${shared.prefix}rate:`,
        ),
      );
    }
  };
}
