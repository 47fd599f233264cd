// Which database errors mean "the database is not answering" (a 503, retry later) rather than "this
// query is wrong" (a 500). node-postgres reports a lost connection with a bare message and no code
// ('Connection terminated unexpectedly'), and drizzle wraps the driver's error as `cause`, so both
// codes and those messages are checked along the cause chain.

export type DatabaseFault = 'unavailable' | 'timeout';

/** Thrown by the database handle itself while it cannot serve (migrations not applied yet). */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  readonly code = 'DB_UNAVAILABLE';
}

const UNAVAILABLE_CODES = new Set([
  'DB_UNAVAILABLE',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01', // admin_shutdown: the server is stopping (or terminated this backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, in recovery
  '53300', // too_many_connections
]);
// statement_timeout cancels with query_canceled.
const TIMEOUT_CODES = new Set(['57014']);

// node-postgres and pg-pool errors that carry no code.
const UNAVAILABLE_MESSAGES = [
  'Connection terminated', // '... unexpectedly', '... due to connection timeout'
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'timeout expired', // Client connectionTimeoutMillis
];
const TIMEOUT_MESSAGES = [
  'timeout exceeded when trying to connect', // waited connectTimeout for a pooled connection
  'Query read timeout', // the server did not answer within query_timeout
];

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** 'unavailable' or 'timeout' when the error (or one it wraps) says the database did not answer; else null. */
export function databaseFault(error: unknown, depth = 0): DatabaseFault | null {
  if (depth > 5 || typeof error !== 'object' || error === null) return null;
  const e = error as ErrorLike;
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  if (TIMEOUT_CODES.has(code) || TIMEOUT_MESSAGES.some((m) => message.startsWith(m))) return 'timeout';
  if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return 'unavailable';
  if (UNAVAILABLE_MESSAGES.some((m) => message.startsWith(m))) return 'unavailable';
  // AggregateError (a host with several addresses, each refused) lists its parts in `errors`.
  if (Array.isArray(e.errors)) {
    for (const part of e.errors) {
      const fault = databaseFault(part, depth + 1);
      if (fault) return fault;
    }
  }
  return databaseFault(e.cause, depth + 1);
}

/** A one-line description for logs: the code and the driver's message, never the SQL or its values. */
export function describeFault(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const e = current as ErrorLike;
    const message = typeof e.message === 'string' ? e.message : '';
    // drizzle's wrapper says "Failed query: <sql>"; the driver's own error is its cause.
    if (!message.startsWith('Failed query') || e.cause === undefined) {
      const code = typeof e.code === 'string' ? `${e.code}: ` : '';
      return `${code}${message || String(current)}`;
    }
    current = e.cause;
  }
  return String(error);
}
