// What /metrics reads of the database (server/metrics): connections in use and requests waiting for
// one, and query failures by kind, counted by each engine as plain numbers (no metrics library here).
import { databaseFault } from './faults';

export interface PoolStats {
  /** Connections the pool may hold (PGlite: 1, it runs one statement at a time). */
  total: number;
  inUse: number;
  /** Calls waiting for a connection (PGlite: for the statement or transaction ahead of them). */
  waiting: number;
  /** Failed queries: the database did not answer, ran out of time, or refused the statement. */
  queryErrors: Record<QueryErrorKind, number>;
}

export type QueryErrorKind = 'unavailable' | 'timeout' | 'refused';

export const newPoolStats = (): PoolStats => ({
  total: 0,
  inUse: 0,
  waiting: 0,
  queryErrors: { unavailable: 0, timeout: 0, refused: 0 },
});

export function countQueryError(errors: PoolStats['queryErrors'], error: unknown) {
  errors[databaseFault(error) ?? 'refused']++;
}
