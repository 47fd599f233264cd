// One PostgreSQL dialect, two engines: PGlite (embedded, data under DATA_DIR/db, run in a worker thread:
// decision 029) by default and a PostgreSQL server when DATABASE_URL is set. Both expose the same
// drizzle API and the same migrations.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { lockDataDir } from './data-dir-lock';
import { PGliteThread } from './pglite-thread';
import type { PoolStats } from './pool-stats';
import { createPostgresDatabase, type DatabaseLogger, type DatabaseState } from './postgres';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repos accept either. */
export type Executor = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** 'starting' until the migrations are applied, then 'up' or 'down' (PGlite: always 'up'). */
  readonly state: DatabaseState;
  /** Where state changes and lost connections are logged (buildApp passes the app's logger). */
  setLogger(log: DatabaseLogger): void;
  ping(): Promise<void>;
  /** PGlite only: copies the data folder to `dir` (see PGliteThread.snapshot). */
  snapshot?(dir: string, statements: string[]): Promise<Record<string, unknown>[][]>;
  /** Connections in use and calls waiting, failed queries (read by /metrics). */
  stats(): PoolStats;
  close(): Promise<void>;
}

export type { DatabaseLogger, DatabaseState, PoolStats };

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Directory for PGlite's files; omitted means in memory. */
  pgliteDir?: string;
  /** PostgreSQL server only: statement_timeout, and the wait for a connection (config.database). */
  statementTimeoutMs?: number;
  connectTimeoutMs?: number;
}

/** The options for the configured database (DATA_DIR/db or DATABASE_URL, with its timeouts). */
export function databaseOptions(config: {
  databaseUrl?: string;
  dataDir: string;
  database: { statementTimeoutMs: number; connectTimeoutMs: number };
}): DatabaseOptions {
  return {
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
    ...config.database,
  };
}

type PostgresDatabase = Database &
  Pick<ReturnType<typeof createPostgresDatabase>, 'migrateOnce' | 'migrateWhenReachable'>;

function postgres(options: DatabaseOptions & { databaseUrl: string }): PostgresDatabase {
  const database = createPostgresDatabase({
    url: options.databaseUrl,
    migrationsFolder,
    statementTimeoutMs: options.statementTimeoutMs,
    connectTimeoutMs: options.connectTimeoutMs,
  });
  // drizzle's node-postgres database is the same PgDatabase as PGlite's, typed by its own result kind.
  return database as unknown as PostgresDatabase;
}

/**
 * For the server: PGlite opens as with openDatabase; a PostgreSQL server is not contacted yet. Call
 * `connect()` after listening: it applies the migrations, retrying until the database answers
 * (requests get 503 meanwhile), and rejects only on a failure that waiting will not fix.
 */
export async function openDatabaseForServer(
  options: DatabaseOptions,
): Promise<Database & { connect(): Promise<void> }> {
  if (!options.databaseUrl) {
    const database = await openDatabase(options);
    return { ...database, state: 'up', connect: async () => {} };
  }
  const database = postgres({ ...options, databaseUrl: options.databaseUrl });
  return Object.assign(database, { connect: database.migrateWhenReachable });
}

/** Opens the database and applies the migrations now (tests, scripts); throws if it cannot be reached. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const database = postgres({ ...options, databaseUrl: options.databaseUrl });
    await database.migrateOnce().catch(async (error: unknown) => {
      await database.close();
      throw error;
    });
    return database;
  }
  let unlock = () => {};
  if (options.pgliteDir) {
    mkdirSync(options.pgliteDir, { recursive: true });
    unlock = lockDataDir(options.pgliteDir);
  }
  const thread = await PGliteThread.open(options.pgliteDir).catch((error: unknown) => {
    unlock();
    throw error;
  });
  // Loaded only for PGlite: drizzle's PGlite driver brings PGlite itself (about 40 MB of a PostgreSQL
  // server's memory, DESIGN §7) into this thread, where the database never runs.
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // drizzle's PGlite driver calls only query() and transaction(), which the thread provides.
  const client = thread as unknown as PGlite;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder }).catch(async (error: unknown) => {
    await thread.close();
    unlock();
    throw error;
  });
  return {
    db,
    kind: 'pglite',
    state: 'up',
    setLogger: () => {},
    ping: async () => void (await db.execute(sql`select 1`)),
    snapshot: (dir, statements) => thread.snapshot(dir, statements),
    stats: () => thread.stats(),
    close: async () => {
      await thread.close();
      unlock();
    },
  };
}
