// Redis for tests: the shared server at REDIS_TEST_URL (default 127.0.0.1:6379; suites skip, saying why,
// when it does not answer), a key prefix per test so parallel files never collide, and a throwaway
// redis-server of a test's own to stop and start.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { freePort } from './pg-cluster';

export const REDIS_TEST_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

/** A client for the test itself (reading keys, flushing a prefix). */
export function testClient(url = REDIS_TEST_URL): Redis {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
  redis.on('error', () => {});
  return redis;
}

async function answers(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 1000, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Why the Redis suites cannot run here, or undefined when they can. */
export const redisSkipReason = (await answers(REDIS_TEST_URL))
  ? undefined
  : `no Redis answering at ${REDIS_TEST_URL} (start one, or set REDIS_TEST_URL)`;

/** A prefix of the test's own: its keys and channels, and nobody else's. */
export const testPrefix = (name: string) => `test:${name}:${randomBytes(4).toString('hex')}:`;

/** Deletes every key under `prefix` (only those). */
export async function flushPrefix(prefix: string, url = REDIS_TEST_URL) {
  const redis = testClient(url);
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export interface ScratchRedis {
  url: string;
  /** Stops it (SIGTERM: Redis shuts down; nothing is saved). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open and nothing answers. */
  pause(): void;
  resume(): void;
}

/** A redis-server of the test's own on a free port, without persistence. */
export async function startScratchRedis(): Promise<ScratchRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const scratch: ScratchRedis = {
    url,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      );
      for (let i = 0; i < 100 && !(await answers(url)); i++) await new Promise((r) => setTimeout(r, 50));
      if (!(await answers(url))) throw new Error(`redis-server did not start on port ${port}`);
    },
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      running.kill('SIGCONT');
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    },
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
  };
  await scratch.start();
  return scratch;
}
