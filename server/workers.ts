// WEB_CONCURRENCY > 1: this process is the primary of node:cluster. It forks that many workers (each
// runs the whole server and they share the port), starts another when one dies, and on SIGTERM or
// SIGINT asks every worker to finish its requests and waits for them. PostgreSQL only (config.ts
// refuses PGlite); without REDIS_URL each worker counts rate limits on its own, which is said at start.
import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config';
import { aggregateWorkerMetrics } from './metrics';
import { cookieSecret } from './secrets';

// A worker that dies this soon after it started is restarted after a pause, so a crash at start does
// not spin; one that ran for a while is replaced at once.
const HEALTHY_AFTER_MS = 10_000;
const RESTART_PAUSE_MS = 1000;
const SHUTDOWN_DEADLINE_MS = 15_000;

const LEVELS = { info: 30, warn: 40, error: 50 } as const;

/** One log line in pino's shape, as the workers' Fastify logger writes them. */
function log(level: keyof typeof LEVELS, msg: string, fields: object = {}) {
  process.stdout.write(
    `${JSON.stringify({ level: LEVELS[level], time: Date.now(), pid: process.pid, role: 'primary', ...fields, msg })}\n`,
  );
}

export function runPrimary(config: Config) {
  // Made once here, before the workers would race to create it.
  cookieSecret(config);
  // A scrape of /metrics reaches one worker, which asks here for every worker's (decision 042).
  aggregateWorkerMetrics();
  let stopping = false;
  const startedAt = new Map<Worker, number>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    log('info', 'worker started', { worker: worker.id, workerPid: worker.process.pid });
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) {
        log('info', 'all workers stopped');
        process.exit(0);
      }
      return;
    }
    const pause = lived < HEALTHY_AFTER_MS ? RESTART_PAUSE_MS : 0;
    log('error', 'worker died: starting another', {
      worker: worker.id,
      workerPid: worker.process.pid,
      code,
      signal,
    });
    setTimeout(() => !stopping && fork(), pause);
  });

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('info', 'shutting down: asking every worker to finish its requests', { signal });
    if (startedAt.size === 0) process.exit(0);
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      log('error', 'workers still running after the deadline: killed');
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  log('info', `starting ${config.workers} workers`, {
    workers: config.workers,
    rateLimits: config.redis ? 'redis' : 'memory, per worker',
  });
  if (!config.redis)
    log(
      'warn',
      'REDIS_URL is not set: each worker counts rate limits and lockouts on its own (decision 023)',
    );
  for (let i = 0; i < config.workers; i++) fork();
}
