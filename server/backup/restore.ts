// `npm run restore -- FILE [--force]` (scripts/restore.ts): fills an empty DATA_DIR or database and an
// empty image store from a backup (decision 043), then opens the database as the server would
// (applying any newer migrations), drops the sessions it held, and checks its counts against the
// manifest. A target that holds anything is refused unless --force.
import { execFile } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { lockHolder } from '../db/data-dir-lock';
import { createStorage, isValidKey } from '../infra/storage';
import { contentTypeOf } from '../infra/storage/storage';
import { type BackupConfig, batchStorage } from './backup';
import { ARCHIVE_FORMAT, COUNTS_SQL, type Counts, type Manifest, snapshotOf } from './manifest';
import { readTar } from './tar';

const run = promisify(execFile);

export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

/** What the target already holds, in words; empty when it holds nothing. */
async function whatIsThere(config: BackupConfig): Promise<string[]> {
  const found: string[] = [];
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      // A server that started once has made the (empty) tables: rows are what count.
      const { rows: tables } = await client.query<{ ok: boolean }>(
        `select to_regclass('public.users') is not null and to_regclass('public.posts') is not null as ok`,
      );
      if (tables[0]?.ok) {
        const { rows } = await client.query<{ users: number; posts: number }>(
          'select (select count(*) from public.users)::int as users, (select count(*) from public.posts)::int as posts',
        );
        const { users = 0, posts = 0 } = rows[0] ?? {};
        if (users || posts) found.push(`the database holds ${users} users and ${posts} posts`);
      }
    } finally {
      await client.end();
    }
  } else {
    const dbDir = path.join(config.dataDir, 'db');
    const owner = lockHolder(dbDir);
    if (owner)
      throw new RestoreRefused(`a server (pid ${owner}) is using ${dbDir}: stop it before restoring`);
    if (existsSync(path.join(dbDir, 'PG_VERSION'))) found.push(`${dbDir} holds a database`);
  }
  const storage = createStorage(batchStorage(config));
  try {
    for await (const { key } of storage.list('')) {
      found.push(`the image store holds objects (${key}, ...)`);
      break;
    }
  } finally {
    storage.close?.();
  }
  return found;
}

/** `name` under `root`, refusing any name that would leave it. */
function inside(root: string, name: string): string {
  const target = path.resolve(root, name);
  if (!target.startsWith(`${path.resolve(root)}${path.sep}`))
    throw new Error(`unsafe name in the archive: ${name}`);
  return target;
}

export interface RestoreResult {
  manifest: Manifest;
  counts: Counts;
  images: number;
  ms: number;
}

export async function restore(
  config: BackupConfig,
  file: string,
  { force = false } = {},
): Promise<RestoreResult> {
  const started = performance.now();
  const there = await whatIsThere(config);
  if (there.length && !force)
    throw new RestoreRefused(
      `the target is not empty (${there.join('; ')}): restore with --force to replace it`,
    );
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  mkdirSync(config.dataDir, { recursive: true });
  const staging = mkdtempSync(path.join(config.dataDir, 'restore-'));
  const storage = createStorage(batchStorage(config));
  try {
    if (force && config.storage.kind !== 's3')
      rmSync(path.join(config.dataDir, 'media'), { recursive: true, force: true });
    let manifest: Manifest | undefined;
    let images = 0;
    let database = false;
    for await (const entry of readTar(createReadStream(file).pipe(createGunzip()))) {
      if (entry.name === 'manifest.json') {
        manifest = JSON.parse((await buffer(entry.body)).toString('utf8')) as Manifest;
      } else if (entry.name.startsWith('images/') && entry.type === 'file') {
        const key = entry.name.slice('images/'.length);
        if (!isValidKey(key)) throw new Error(`not an image key: ${key}`);
        await storage.put(key, await buffer(entry.body), contentTypeOf(key));
        images++;
      } else if (entry.name === 'database/postgres.dump' || entry.name.startsWith('database/pglite/')) {
        const from = entry.name === 'database/postgres.dump' ? 'postgres' : 'pglite';
        if (from !== kind)
          throw new Error(
            `this backup holds a ${from === 'postgres' ? 'PostgreSQL' : 'PGlite'} database; the target is ${kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (no DATABASE_URL)'}`,
          );
        const target = inside(staging, entry.name.slice('database/'.length));
        if (entry.type === 'folder') mkdirSync(target, { recursive: true, mode: 0o700 });
        else {
          mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
          await pipeline(entry.body, createWriteStream(target, { mode: 0o600 }));
        }
        database = true;
      } else if (entry.type === 'file') {
        throw new Error(`unexpected file in the archive: ${entry.name}`);
      }
    }
    if (!manifest || manifest.format !== ARCHIVE_FORMAT)
      throw new Error('not a marketplace backup (no manifest)');
    if (!database) throw new Error('the backup holds no database');

    if (kind === 'postgres')
      await loadPostgres(config.databaseUrl as string, path.join(staging, 'postgres.dump'));
    else {
      const dbDir = path.join(config.dataDir, 'db');
      rmSync(dbDir, { recursive: true, force: true });
      renameSync(path.join(staging, 'pglite'), dbDir);
    }
    const counts = await openAndCount(config);
    for (const key of Object.keys(manifest.counts) as Array<keyof Counts>)
      if (counts[key] !== manifest.counts[key])
        throw new Error(`restored ${counts[key]} ${key}, the manifest says ${manifest.counts[key]}`);
    if (images !== manifest.images.objects)
      throw new Error(`restored ${images} images, the manifest says ${manifest.images.objects}`);
    return { manifest, counts, images, ms: Math.round(performance.now() - started) };
  } finally {
    storage.close?.();
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Replaces what the database holds with the dump, in one transaction. */
async function loadPostgres(url: string, dump: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public',
    );
  } finally {
    await client.end();
  }
  await run(
    'pg_restore',
    ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', `--dbname=${url}`, dump],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  );
}

/** Opens the restored database as the server does (migrations applied), drops its sessions, counts. */
async function openAndCount(config: BackupConfig): Promise<Counts> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  try {
    // A session signed out after the backup must not come back with it: everyone signs in again.
    await database.db.execute('delete from sessions');
    const result = await database.db.execute(COUNTS_SQL);
    const rows = (
      Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows
    ) as Record<string, unknown>[];
    return snapshotOf(rows[0] ?? {}, []).counts;
  } finally {
    await database.close();
  }
}
