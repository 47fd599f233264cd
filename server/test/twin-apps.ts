// Two app instances in one test process, as two servers behind a load balancer would be: each its own
// buildApp and Deps (rate-limit counters, feed cache, Redis connection), both on the same database, data
// folder and environment (e.g. the same REDIS_URL). PGlite is opened once and shared (it is one
// process's database); with DATABASE_URL each instance has its own pool on one fresh database.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, databaseOptions, openDatabase } from '../db/client';
import { productInput } from './listing-helpers';
import { scratchDir } from './scratch-dir';

export interface TwinApps {
  a: App;
  b: App;
  /** Each instance's log lines. */
  logs: { a: string[]; b: string[] };
  close(): Promise<void>;
}

/** `postgresUrl`: a PostgreSQL server to make the database on (else DATABASE_URL's, else PGlite). */
export async function createTwinApps(
  env: Record<string, string>,
  { postgresUrl }: { postgresUrl?: string } = {},
): Promise<TwinApps> {
  const dataDir = scratchDir('twins');
  const baseUrl = postgresUrl ?? process.env.DATABASE_URL;
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  if (baseUrl) {
    const name = `mkt_test_${path.basename(dataDir).replace(/\W/g, '_').toLowerCase()}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  } else {
    cpSync(inject('pgliteTemplate'), path.join(dataDir, 'db'), { recursive: true });
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    WEB_DIST: path.join(dataDir, 'no-web'),
    POST_EXPIRY_DAYS: '36500',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const shared = databaseUrl ? undefined : await openDatabase(databaseOptions(config));
  // The shared PGlite is closed once, by close(), not by each app.
  const databaseFor = async (): Promise<Database> =>
    shared ? { ...shared, close: async () => {} } : openDatabase(databaseOptions(config));
  const logs = { a: [] as string[], b: [] as string[] };
  const a = await buildApp({
    config,
    database: await databaseFor(),
    logStream: { write: (line) => void logs.a.push(line) },
  });
  const b = await buildApp({
    config,
    database: await databaseFor(),
    logStream: { write: (line) => void logs.b.push(line) },
  });
  return {
    a,
    b,
    logs,
    async close() {
      await Promise.all([a.close(), b.close()]);
      await shared?.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A sign-in on one instance, from `ip` (the per-address limits count by it). */
const PG_TEST_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The PostgreSQL server for tests that want one beside PGlite (PG_TEST_URL), if it answers. */
export async function reachablePostgres(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: PG_TEST_URL, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return PG_TEST_URL;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

export const login = (app: App, email: string, password: string, ip = '203.0.113.7') =>
  app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: ip });

/** A product listing created on one instance. */
export const createPost = (app: App, cookie: string, name: string) =>
  app.inject({
    method: 'POST',
    url: '/api/create-post',
    headers: { cookie },
    payload: productInput({ name }),
  });

/** A product listing created and published on one instance; answers its id. */
export async function publishPost(app: App, cookie: string, name: string): Promise<number> {
  const created = await createPost(app, cookie, name);
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.statusCode} ${created.body}`);
  const id: number = created.json().postId;
  const published = await app.inject({
    method: 'PUT',
    url: '/api/publish-post',
    headers: { cookie },
    payload: { id, type: 'product', isPublished: true },
  });
  if (published.statusCode !== 200)
    throw new Error(`publish failed: ${published.statusCode} ${published.body}`);
  return id;
}
