// `npm run backup -- --out FILE` (scripts/backup.ts): one .tar.gz holding the database, the images and
// a manifest, made while the server serves (decision 043). The database first, the images after: every
// image the snapshot names was stored before it was taken, so only one deleted in between can be
// missing (the manifest lists those).
import { execFile } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import type { Config } from '../config';
import { createStorage } from '../infra/storage';
import {
  ARCHIVE_FORMAT,
  COUNTS_SQL,
  IMAGE_KEYS_SQL,
  type Manifest,
  type Snapshot,
  snapshotOf,
} from './manifest';
import { pgliteSnapshot } from './pglite-snapshot';
import { TarWriter } from './tar';

const run = promisify(execFile);

export type BackupConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'storage'>;

/** A request's S3 timeout is too short for a batch job on a busy store: at least 60 s a call here. */
export function batchStorage(config: BackupConfig): BackupConfig {
  if (config.storage.kind !== 's3') return config;
  return { ...config, storage: { ...config.storage, timeoutMs: Math.max(config.storage.timeoutMs, 60_000) } };
}

/** pg_dump's custom format, of the same snapshot the counts are read in (pg_export_snapshot). */
async function dumpPostgres(url: string, tar: TarWriter): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url, application_name: 'marketplace-backup' });
  await client.connect();
  const temp = mkdtempSync(path.join(os.tmpdir(), 'mkt-backup-'));
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const counts = await client.query(COUNTS_SQL);
    const keys = await client.query(IMAGE_KEYS_SQL);
    const file = path.join(temp, 'postgres.dump');
    await run(
      'pg_dump',
      ['--format=custom', `--snapshot=${rows[0]?.id}`, `--file=${file}`, `--dbname=${url}`],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    await client.query('commit');
    await tar.add('database/postgres.dump', statSync(file).size, createReadStream(file));
    return snapshotOf(counts.rows[0] ?? {}, keys.rows);
  } finally {
    await client.end().catch(() => {});
    rmSync(temp, { recursive: true, force: true });
  }
}

/** Every file and folder under `dir`, as paths relative to it (a folder before what it holds). */
function entriesUnder(dir: string): Array<{ name: string; folder: boolean }> {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() || e.isDirectory())
    .map((e) => ({
      name: path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'),
      folder: e.isDirectory(),
    }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

async function copyPglite(dataDir: string, tar: TarWriter): Promise<Snapshot & { from: string }> {
  const snapshot = await pgliteSnapshot(dataDir);
  try {
    const root = path.join(snapshot.dir, 'db');
    for (const { name, folder } of entriesUnder(root)) {
      const full = path.join(root, name);
      const info = statSync(full);
      if (folder) await tar.folder(`database/pglite/${name}`, info.mtime);
      else await tar.add(`database/pglite/${name}`, info.size, createReadStream(full), info.mtime);
    }
    return snapshot;
  } finally {
    rmSync(snapshot.dir, { recursive: true, force: true });
  }
}

export interface BackupResult {
  manifest: Manifest;
  bytes: number;
  ms: number;
  /** PGlite: whether the running server took the snapshot or the folder was opened here. */
  from: 'server' | 'folder' | 'postgres';
}

export async function backup(config: BackupConfig, out: string): Promise<BackupResult> {
  const started = performance.now();
  const partial = `${out}.partial`;
  const file = createWriteStream(partial, { mode: 0o600 });
  const gzip = createGzip({ level: 6 });
  gzip.pipe(file);
  const done = finished(file);
  const tar = new TarWriter(gzip);
  const storage = createStorage(batchStorage(config));
  try {
    const snapshot = config.databaseUrl
      ? { ...(await dumpPostgres(config.databaseUrl, tar)), from: 'postgres' as const }
      : await copyPglite(config.dataDir, tar);

    const copied = new Set<string>();
    let bytes = 0;
    for await (const { key } of storage.list('')) {
      const object = await storage.get(key);
      if (!object) continue; // deleted since it was listed
      const data = await buffer(object.stream);
      await tar.add(`images/${key}`, data.length, data);
      copied.add(key);
      bytes += data.length;
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      createdAt: new Date().toISOString(),
      database: config.databaseUrl ? 'postgres' : 'pglite',
      schema: snapshot.schema,
      counts: snapshot.counts,
      images: {
        storage: config.storage.kind === 's3' ? 's3' : 'disk',
        objects: copied.size,
        bytes,
        missing: snapshot.imageKeys.filter((k) => !copied.has(k)),
      },
    };
    const json = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await tar.add('manifest.json', json.length, json);
    await tar.end();
    await done;
    renameSync(partial, out);
    return {
      manifest,
      bytes: statSync(out).size,
      ms: Math.round(performance.now() - started),
      from: snapshot.from as BackupResult['from'],
    };
  } catch (error) {
    gzip.destroy();
    file.destroy();
    rmSync(partial, { force: true });
    throw error;
  } finally {
    storage.close?.();
  }
}
