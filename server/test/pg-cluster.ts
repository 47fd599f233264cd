// A throwaway PostgreSQL cluster for tests that need a real server to stop, start, hang or kill:
// initdb into a temp folder, a free port on 127.0.0.1, its own socket folder. PostgreSQL refuses to
// run as root, so under root the binaries run as the `postgres` user (runuser). Tests skip, saying
// why, where the binaries are missing.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

function findBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

const bin = findBinaries();
const isRoot = process.getuid?.() === 0;
const postgresUser = isRoot ? userIds('postgres') : undefined;

function userIds(name: string): { uid: number; gid: number } | undefined {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${name}:`));
    const [, , uid, gid] = line?.split(':') ?? [];
    return uid && gid ? { uid: Number(uid), gid: Number(gid) } : undefined;
  } catch {
    return undefined;
  }
}

/** Why the throwaway-cluster tests cannot run here, or undefined when they can. */
export const clusterSkipReason = !bin
  ? 'no PostgreSQL binaries under /usr/lib/postgresql/*/bin (install postgresql to run this test)'
  : isRoot && !postgresUser
    ? 'running as root and there is no postgres user to run PostgreSQL as'
    : undefined;

/** A port nothing listens on now (for a server or a cluster). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface Cluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** A URL for another database of the cluster. */
  urlFor(database: string): string;
  start(): Promise<void>;
  /** pg_ctl stop; 'immediate' is a crash: no checkpoint, every connection cut. */
  stop(mode?: 'immediate' | 'fast'): Promise<void>;
  /** The postmaster's process id (to stop it with SIGSTOP: a server that accepts and never answers). */
  postmasterPid(): number;
  /** One query on a connection of its own. */
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  destroy(): Promise<void>;
}

/** initdb + a free port; started unless `started: false` (the database down before boot). */
export async function createCluster({ started = true } = {}): Promise<Cluster> {
  if (!bin || clusterSkipReason) throw new Error(clusterSkipReason);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mkt-pg-'));
  if (postgresUser) chownSync(dir, postgresUser.uid, postgresUser.gid);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const pgRun = (tool: string, args: string[]) =>
    isRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args])
      : run(path.join(bin, tool), args);
  await pgRun('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  // fsync=off: the tests stop the server, not the machine; written WAL survives in the page cache.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const urlFor = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const cluster: Cluster = {
    url: urlFor('postgres'),
    urlFor,
    start: async () =>
      void (await pgRun('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start'])),
    stop: async (mode = 'fast') => void (await pgRun('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop'])),
    postmasterPid: () => Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    async query<T extends pg.QueryResultRow>(text: string, values?: unknown[]) {
      const client = new pg.Client({ connectionString: cluster.url });
      client.on('error', () => {});
      await client.connect();
      try {
        return (await client.query<T>(text, values)).rows;
      } finally {
        await client.end().catch(() => {});
      }
    },
    async destroy() {
      await cluster.stop('immediate').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  if (started) await cluster.start();
  return cluster;
}
