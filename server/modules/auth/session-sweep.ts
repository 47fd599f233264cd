// Expired sessions are only hidden by findSession; this deletes them (a job: server/jobs.ts), so the
// sessions table does not grow with every sign-in forever.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { deleteExpiredSessions } from './session-store';

/** Deletes the expired sessions; returns how many. */
export async function sweepExpiredSessions(database: Database, log: FastifyBaseLogger): Promise<number> {
  const removed = await deleteExpiredSessions(database.db);
  if (removed > 0) log.info({ removed }, 'expired sessions removed');
  return removed;
}
