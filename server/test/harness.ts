// A real app on a real, private database for one test file: an empty migrated PGlite from the test
// worker's pool (database-pool.ts; `ownDatabase` for a copy of its own), or a fresh PostgreSQL database
// when DATABASE_URL is set. restart() closes and reopens both, as a server restart would.
import { randomBytes } from 'node:crypto';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, databaseOptions, openDatabase } from '../db/client';
import type { Clock } from '../infra/clock';
import { borrowDatabase } from './database-pool';
import { scratchDir } from './scratch-dir';

export interface TestApp {
  app: App;
  /** The database of the running app, for factories that insert rows directly. */
  database: Database;
  /** The app's DATA_DIR (a private temp folder, removed by close()), e.g. to inspect stored media. */
  dataDir: string;
  restart(): Promise<App>;
  close(): Promise<void>;
  logs: string[];
}

async function createPostgresDatabase(baseUrl: string) {
  const name = `mkt_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
  return { url: url.toString(), drop };
}

export interface TestAppOptions {
  /** The app's clock (a TestClock lets a test move time). */
  clock?: Clock;
  /**
   * The test closes its database or restarts the app: a PGlite database of its own (a copy of the
   * template in DATA_DIR/db, closed and reopened by restart()) instead of one from the pool.
   */
  ownDatabase?: boolean;
}

export async function createTestApp(
  env: Record<string, string> = {},
  { clock, ownDatabase = false }: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = scratchDir('test');
  const baseUrl = process.env.DATABASE_URL;
  const postgres = baseUrl ? await createPostgresDatabase(baseUrl) : undefined;
  // PGlite: a database borrowed from this worker's pool, emptied when given back (database-pool.ts),
  // unless the test names a PostgreSQL server of its own in `env`.
  const pglite = !postgres && !env.DATABASE_URL;
  const borrowed = pglite && !ownDatabase ? await borrowDatabase() : undefined;
  if (pglite && ownDatabase) cpSync(inject('pgliteTemplate'), path.join(dataDir, 'db'), { recursive: true });

  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // Many tests place posts at fixed past dates (feed-helpers' BASE_TIME) for exact orders: they would
    // all have expired. The expiry tests set POST_EXPIRY_DAYS themselves.
    POST_EXPIRY_DAYS: '36500',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...env,
  });
  const logs: string[] = [];
  const logStream = { write: (line: string) => void logs.push(line) };
  const start = async () => {
    const database = borrowed?.database ?? (await openDatabase(databaseOptions(config)));
    return { database, app: await buildApp({ config, database, logStream, clock }) };
  };

  const handle: TestApp = {
    ...(await start()),
    dataDir: config.dataDir,
    logs,
    async restart() {
      if (borrowed) throw new Error('restart() needs createTestApp(env, { ownDatabase: true })');
      await handle.app.close();
      Object.assign(handle, await start());
      return handle.app;
    },
    async close() {
      await handle.app.close();
      await borrowed?.giveBack();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}
