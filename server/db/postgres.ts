// The PostgreSQL server engine: a pg pool with timeouts, every connection watched, and an availability
// state ('starting' until the migrations are applied, then 'up' or 'down') that is logged once per
// change. DESIGN §6/§7b: an outage gives 503s and never ends the process; the server starts without
// its database and becomes ready when the database answers (decision 010).
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { DatabaseUnavailableError, databaseFault, describeFault } from './faults';
import { countQueryError, newPoolStats, type PoolStats } from './pool-stats';
import * as schema from './schema';

export type DatabaseState = 'starting' | 'up' | 'down';

/** The part of pino the database uses (the app's logger, attached once the app exists). */
export interface DatabaseLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PostgresOptions {
  url: string;
  migrationsFolder: string;
  /** statement_timeout: the server cancels a statement that runs longer (57014 -> 503). 0: none. */
  statementTimeoutMs?: number;
  /** How long to wait for a new connection, or for a free one from the pool. 0: forever. */
  connectTimeoutMs?: number;
  poolSize?: number;
}

// A server that does not answer at all (hung, partitioned) never cancels anything itself: the
// client gives up this much after statement_timeout would have fired, and drops the connection.
const READ_TIMEOUT_MARGIN_MS = 2000;
const RETRY_FIRST_MS = 250;
/** The advisory lock that serialises migrations (two-int form, a space of its own: posts use 17). */
const MIGRATION_LOCK = [23, 0];
const RETRY_MAX_MS = 5000;

const silent: DatabaseLogger = { info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

type ConnectCallback = (
  err: Error | undefined,
  client?: pg.PoolClient,
  done?: (release?: unknown) => void,
) => void;

export function createPostgresDatabase(options: PostgresOptions) {
  const connection: pg.ClientConfig = {
    connectionString: options.url,
    application_name: 'marketplace', // in pg_stat_activity
    connectionTimeoutMillis: options.connectTimeoutMs,
    keepAlive: true,
  };
  // Requests' queries are bounded; migrations are not (an index on a big table may take minutes).
  const requests: pg.ClientConfig = options.statementTimeoutMs
    ? {
        ...connection,
        statement_timeout: options.statementTimeoutMs,
        query_timeout: options.statementTimeoutMs + READ_TIMEOUT_MARGIN_MS,
      }
    : connection;
  const probeConfig: pg.ClientConfig = {
    ...connection,
    application_name: 'marketplace-probe',
    query_timeout: options.connectTimeoutMs || 5000,
  };
  const pool = new pg.Pool({
    ...requests,
    max: options.poolSize ?? 10,
    // No JIT compiling: it pays off for long analytic queries, and costs a request tens to hundreds
    // of milliseconds whenever a planner's estimate crosses jit_above_cost (the ranked search's generic
    // plan does). A SET before the connection's first use, not a startup option, so a pooler such as
    // PgBouncer accepts the connection; if it fails, the query that wanted the connection fails.
    onConnect: (client: pg.ClientBase) => client.query('SET jit = off'),
  });
  let log = silent;
  let state: DatabaseState = 'starting';
  let downSince = 0;
  let closed = false;
  let probing: Promise<void> | undefined;
  const queryErrors = newPoolStats().queryErrors;
  const countError = (error: unknown) => countQueryError(queryErrors, error);

  const setState = (next: DatabaseState, reason?: string) => {
    if (next === state) return;
    const previous = state;
    state = next;
    if (next === 'down') {
      downSince = Date.now();
      log.error({ reason }, 'database unreachable: answering 503 until it answers again');
      void probeUntilUp();
    } else if (next === 'up' && previous === 'down') {
      log.info({ downForMs: Date.now() - downSince }, 'database reachable again');
    }
  };

  /** One query on a connection of its own: the pool may be full, or hold connections that died. */
  const probe = async () => {
    const client = new pg.Client(probeConfig);
    client.on('error', () => {}); // reported by the failed query below
    try {
      await client.connect();
      await client.query('select 1');
    } finally {
      client.end().catch(() => {});
    }
  };

  const probeUntilUp = () => {
    probing ??= (async () => {
      for (
        let delay = RETRY_FIRST_MS;
        !closed && state === 'down';
        delay = Math.min(delay * 2, RETRY_MAX_MS)
      ) {
        await sleep(delay);
        try {
          await probe();
          setState('up');
        } catch {
          // still down; the next attempt waits longer
        }
      }
    })().finally(() => {
      probing = undefined;
    });
    return probing;
  };

  /**
   * A connection failed or was lost while the database was up: check with a probe whether the
   * database itself is gone (one 'unreachable' line) or just that connection (a warning).
   */
  let checking = false;
  const suspect = (error: unknown, what: string) => {
    if (state !== 'up' || checking || closed) return;
    checking = true;
    probe()
      .then(
        () => log.warn({ reason: describeFault(error) }, `${what}; the database still answers`),
        (probeError: unknown) =>
          setState('down', `${describeFault(error)} (then ${describeFault(probeError)})`),
      )
      .finally(() => {
        checking = false;
      });
  };

  // A connection that dies while checked out (in a transaction) emits 'error' on its client, and an
  // EventEmitter 'error' without a listener ends the process. Every client gets one for its life;
  // the query in flight fails on its own and is answered 503.
  pool.on('connect', (client) => {
    client.on('error', (error) => suspect(error, 'a database connection was lost'));
    watchQueries(client, countError);
    if (state === 'down') setState('up');
  });
  // Idle clients report here too (pg-pool re-emits); the client listener above already handled it.
  pool.on('error', () => {});

  // While the migrations are not applied, no query reaches the server: a fast 503 instead of a
  // query against tables that may not exist yet.
  const baseConnect = pool.connect.bind(pool) as unknown as (callback: ConnectCallback) => void;
  const guardedConnect = (callback: ConnectCallback) => {
    if (state === 'starting' || closed) {
      process.nextTick(() => callback(new DatabaseUnavailableError('the database is not ready yet')));
      return;
    }
    baseConnect((err, client, done) => {
      if (err) countError(err);
      if (err && databaseFault(err)) suspect(err, 'a database connection could not be made');
      callback(err, client, done);
    });
  };
  pool.connect = ((callback?: ConnectCallback) => {
    if (callback) return guardedConnect(callback);
    return new Promise<pg.PoolClient>((resolve, reject) =>
      guardedConnect((err, client) => (err || !client ? reject(err) : resolve(client))),
    );
  }) as typeof pool.connect;

  const db = drizzle(pool, { schema });

  /** Applies the migrations once, on a connection of its own (the pool refuses until this is done). */
  const migrateOnce = async () => {
    const client = new pg.Client({ ...connection, application_name: 'marketplace-migrate' });
    client.on('error', () => {}); // the migration's own query reports it
    try {
      await client.connect();
      // Several workers or instances start together: one migrates, the others wait here and then find
      // nothing left to apply (the lock ends with the connection).
      await client.query('select pg_advisory_lock($1, $2)', MIGRATION_LOCK);
      await migrate(drizzle(client), { migrationsFolder: options.migrationsFolder });
    } finally {
      await client.end().catch(() => {});
    }
    if (!closed) state = 'up';
  };

  /** Retries the migrations with backoff until the database answers; rejects on any other failure. */
  const migrateWhenReachable = async () => {
    let failures = 0;
    for (let delay = RETRY_FIRST_MS; !closed; delay = Math.min(delay * 2, RETRY_MAX_MS)) {
      try {
        await migrateOnce();
        if (failures > 0)
          log.info({ waitedAttempts: failures }, 'database reachable: migrations applied, ready');
        return;
      } catch (error) {
        if (!databaseFault(error)) throw error;
        if (failures++ === 0)
          log.error(
            { reason: describeFault(error) },
            'database unreachable at start: answering 503 and retrying until it answers',
          );
        await sleep(delay);
      }
    }
  };

  return {
    db,
    kind: 'postgres' as const,
    get state() {
      return state;
    },
    setLogger(logger: DatabaseLogger) {
      log = logger;
    },
    migrateOnce,
    migrateWhenReachable,
    ping: async () => void (await pool.query('select 1')),
    stats: (): PoolStats => ({
      total: pool.options.max ?? 10,
      inUse: pool.totalCount - pool.idleCount,
      waiting: pool.waitingCount,
      queryErrors: { ...queryErrors },
    }),
    close: async () => {
      closed = true;
      await pool.end();
    },
  };
}

/**
 * Every failed query is counted (/metrics). pg's query_timeout fails the query but keeps the
 * connection, which still waits for the answer: the next query on it (a transaction's rollback) would
 * wait too. Dropping the connection frees it; the pool then discards the client.
 */
function watchQueries(client: pg.PoolClient, countError: (error: unknown) => void) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const drop = (error: unknown) => {
    if (error) countError(error);
    if ((error as Error)?.message === 'Query read timeout')
      (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  };
  client.query = ((...args: unknown[]) => {
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        drop(error);
        (last as (e: unknown, r: unknown) => void)(error, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(drop);
    return result;
  }) as typeof client.query;
}
