// The one Redis connection (REDIS_URL) through which instances share rate-limit counters and feed-cache
// invalidations (decision 023). Made once in buildDeps, closed with the app.
//
// Redis is a helper, never a dependency of a request: commands fail at once while disconnected (no
// offline queue) and time out after COMMAND_TIMEOUT_MS; a failure answers `undefined` and the callers
// count in process memory instead. The store is 'connecting', then 'up' or 'down', logged once per
// change: a failed command or a lost connection marks it down, and while down no command is sent (no
// per-request timeout) until ioredis reconnects ('ready') or a probe's PING answers (a server that
// hangs keeps its connection open).
import { Redis } from 'ioredis';

/** The longest a request waits for Redis before counting in memory instead. */
export const COMMAND_TIMEOUT_MS = 500;
const PROBE_EVERY_MS = 1000;

/** The part of pino the store uses. */
export interface SharedStoreLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export type SharedStoreState = 'connecting' | 'up' | 'down';

export class SharedStore {
  private readonly client: Redis;
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, (message: string) => void>();
  private current: SharedStoreState = 'connecting';
  private probe: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    url: string,
    /** Put before every key and channel: several deployments (or tests) can share one Redis. */
    readonly prefix: string,
    private readonly log: SharedStoreLogger,
  ) {
    const options = {
      enableOfflineQueue: false,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: 2000,
      // A command cut by a lost connection fails now, not after reconnecting.
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      // Reconnect forever: 100 ms, 200 ms, ... at most 2 s apart.
      retryStrategy: (times: number) => Math.min(times * 100, 2000),
    };
    this.client = new Redis(url, { ...options, connectionName: 'marketplace' });
    // SUBSCRIBE waits for a connection however long it takes (Redis may be down at start) and is
    // made again on every reconnect; nothing waits for it.
    this.subscriber = new Redis(url, {
      ...options,
      enableOfflineQueue: true,
      commandTimeout: undefined,
      maxRetriesPerRequest: null,
      connectionName: 'marketplace-sub',
      // Subscribed again on every reconnect here, with the failure handled: ioredis's own resubscribe
      // leaves its promise unhandled, and a connection lost just after it connects rejects it.
      autoResubscribe: false,
    });
    this.subscriber.on('ready', () => {
      const channels = [...this.handlers.keys()];
      if (channels.length > 0) this.subscriber.subscribe(...channels).catch(() => {});
    });
    this.client.on('ready', () => this.markUp());
    this.client.on('close', () => this.markDown(new Error('connection closed')));
    // Every failed reconnect emits an error: without a listener ioredis prints each one.
    this.client.on('error', (error: Error) => this.markDown(error));
    this.subscriber.on('error', () => {}); // the command client reports the outage
    this.subscriber.on('message', (channel: string, message: string) =>
      this.handlers.get(channel)?.(message),
    );
  }

  get state(): SharedStoreState {
    return this.current;
  }

  /** Runs a command on Redis; `undefined` when Redis is down or the command fails (then it is down). */
  async run<T>(command: (redis: Redis) => Promise<T>): Promise<T | undefined> {
    if (this.current !== 'up') return undefined;
    try {
      return await command(this.client);
    } catch (error) {
      this.markDown(error as Error);
      return undefined;
    }
  }

  /** The command client, for libraries that take one (@fastify/rate-limit's store). */
  get redis(): Redis {
    return this.client;
  }

  /** Sends a message to every instance subscribed to `channel` (this one included); lost while down. */
  async publish(channel: string, message: string): Promise<void> {
    await this.run((redis) => redis.publish(this.prefix + channel, message));
  }

  /**
   * Calls `handler` with every message on `channel`, and `onConnected` each time the subscriber
   * connects (after a lost connection: the messages sent meanwhile were missed).
   */
  subscribe(channel: string, handler: (message: string) => void, onConnected: () => void = () => {}) {
    this.handlers.set(this.prefix + channel, handler);
    this.subscriber.subscribe(this.prefix + channel).catch(() => {}); // only fails when closing
    this.subscriber.on('ready', onConnected);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.probe);
    // QUIT lets the replies in flight arrive; a connection that is not up is just dropped (a QUIT
    // queued on the subscriber would wait for Redis forever).
    await Promise.all(
      [this.client, this.subscriber].map((redis) =>
        redis.status === 'ready'
          ? redis.quit().then(
              () => {},
              () => redis.disconnect(),
            )
          : redis.disconnect(),
      ),
    );
  }

  private markUp() {
    if (this.closed || this.current === 'up') return;
    const before = this.current;
    this.current = 'up';
    clearInterval(this.probe);
    this.probe = undefined;
    this.log.info(
      {},
      before === 'down'
        ? 'redis answers again: rate limits and feed cache invalidation shared across instances'
        : 'redis connected',
    );
  }

  private markDown(error: Error) {
    if (this.closed || this.current === 'down') return;
    const before = this.current;
    this.current = 'down';
    this.log.warn(
      { reason: error.message },
      before === 'up'
        ? 'redis unavailable: rate limits count in this process and feed cache invalidation stays on this instance until it answers'
        : 'redis not answering at start: rate limits count in this process until it answers',
    );
    this.startProbe();
  }

  /** While down with the connection still open (a hung server), PING until it answers. */
  private startProbe() {
    if (this.probe) return;
    this.probe = setInterval(() => {
      if (this.client.status !== 'ready') return; // reconnecting: 'ready' will mark it up
      this.client.ping().then(
        () => this.markUp(),
        () => {},
      );
    }, PROBE_EVERY_MS);
    this.probe.unref();
  }
}
