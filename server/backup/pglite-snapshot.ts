// A consistent copy of the embedded database's folder, taken while the server keeps serving (decision
// 043). PGlite is one process's database: the backup command cannot open DATA_DIR/db beside the
// server, so the server listens on a Unix socket in DATA_DIR (mode 0600: only its own user, or root,
// may connect) and takes the copy itself, in its database thread, between two transactions. With no
// server running, the command opens the folder itself, under the same lock the server takes.
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { type Database, openDatabase } from '../db/client';
import { lockHolder } from '../db/data-dir-lock';
import { COUNTS_SQL, IMAGE_KEYS_SQL, type Snapshot, snapshotOf } from './manifest';

export const adminSocketPath = (dataDir: string) => path.join(dataDir, 'admin.sock');
/** Unix socket paths are limited to 108 bytes on Linux (sun_path), 104 on macOS. */
const SOCKET_PATH_MAX = 100;

export interface TakenSnapshot extends Snapshot {
  /** A folder holding `db/` (the copy); the caller removes it. */
  dir: string;
}

async function takeSnapshot(dataDir: string, database: Pick<Database, 'snapshot'>): Promise<TakenSnapshot> {
  if (!database.snapshot) throw new Error('not the embedded database');
  const dir = mkdtempSync(path.join(dataDir, 'snapshot-'));
  try {
    const [counts = [], keys = []] = await database.snapshot(path.join(dir, 'db'), [
      COUNTS_SQL,
      IMAGE_KEYS_SQL,
    ]);
    return { dir, ...snapshotOf(counts[0] ?? {}, keys) };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * The server's end: POST /snapshot on DATA_DIR/admin.sock answers the snapshot's folder and rows.
 * Returns a function that stops listening.
 */
export async function listenForBackups(
  dataDir: string,
  database: Pick<Database, 'snapshot'>,
  log: Log,
): Promise<() => Promise<void>> {
  const socketPath = adminSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > SOCKET_PATH_MAX) {
    log.warn(
      { socketPath },
      'DATA_DIR is too long a path for the backup socket: backups need the server stopped',
    );
    return async () => {};
  }
  // This process holds the data folder's lock: a socket or snapshot folder here is a dead server's.
  rmSync(socketPath, { force: true });
  for (const entry of readdirSync(dataDir))
    if (entry.startsWith('snapshot-')) rmSync(path.join(dataDir, entry), { recursive: true, force: true });
  let busy = false;
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/snapshot') {
      res.writeHead(404).end();
      return;
    }
    if (busy) {
      res.writeHead(409).end('a backup snapshot is already being taken');
      return;
    }
    busy = true;
    const started = performance.now();
    takeSnapshot(dataDir, database)
      .then((snapshot) => {
        log.info({ ms: Math.round(performance.now() - started), dir: snapshot.dir }, 'backup snapshot taken');
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(snapshot));
      })
      .catch((error: Error) => {
        log.warn({ err: error }, 'backup snapshot failed');
        res.writeHead(500).end(error.message);
      })
      .finally(() => {
        busy = false;
      });
  });
  // Created owner-only: no moment in which another user could connect.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, resolve);
    });
  } finally {
    process.umask(umask);
  }
  chmodSync(socketPath, 0o600);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

function askServer(socketPath: string): Promise<TakenSnapshot> {
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath, method: 'POST', path: '/snapshot' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(JSON.parse(body) as TakenSnapshot)
          : reject(new Error(`the server could not take the snapshot: ${res.statusCode} ${body}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The backup command's end: from the running server, or from the folder when none runs. */
export async function pgliteSnapshot(
  dataDir: string,
): Promise<TakenSnapshot & { from: 'server' | 'folder' }> {
  const dbDir = path.join(dataDir, 'db');
  if (!existsSync(path.join(dbDir, 'PG_VERSION'))) throw new Error(`no embedded database in ${dbDir}`);
  try {
    return { ...(await askServer(adminSocketPath(dataDir))), from: 'server' };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ECONNREFUSED') throw error;
    const owner = lockHolder(dbDir);
    if (owner)
      throw new Error(
        `a server (pid ${owner}) holds ${dbDir} but does not answer on ${adminSocketPath(dataDir)}: stop it or retry`,
      );
  }
  // No server: open the folder here, under its lock (openDatabase takes it; a server starting now is refused).
  const database = await openDatabase({ pgliteDir: dbDir });
  try {
    return { ...(await takeSnapshot(dataDir, database)), from: 'folder' };
  } finally {
    await database.close();
  }
}
