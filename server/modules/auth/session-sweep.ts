// Expired sessions are only hidden by findSession; this deletes them, at start and every 6 hours
// (like the orphan image sweep), so the sessions table does not grow with every sign-in forever.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { deleteExpiredSessions } from './session-store';

const SWEEP_EVERY_MS = 6 * 60 * 60_000;

/** Deletes the expired sessions; returns how many. */
export async function sweepExpiredSessions(database: Database, log: FastifyBaseLogger): Promise<number> {
  const removed = await deleteExpiredSessions(database.db);
  if (removed > 0) log.info({ removed }, 'expired sessions removed');
  return removed;
}

/** Sweeps as the app starts and then every 6 hours; close waits for a sweep in flight. */
export function scheduleSessionSweep(
  app: { log: FastifyBaseLogger; addHook(name: 'onClose', hook: () => Promise<void>): unknown },
  database: Database,
) {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = sweepExpiredSessions(database, app.log).catch((err) =>
      app.log.error({ err }, 'expired session sweep failed'),
    );
  };
  const first = setTimeout(sweep, 0).unref();
  const every = setInterval(sweep, SWEEP_EVERY_MS).unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  });
}
