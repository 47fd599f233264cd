// The soak's deployment (docs/deploy.md on one machine), every part its own so it can be broken: a
// PostgreSQL cluster of its own (initdb in a temp folder, its own port; never the machine's), a
// redis-server of its own on its own port (never the machine's 6379), the local S3 server, two
// instances of the built server (dist/server/main.mjs, as systemd runs it) and nginx in front over TLS.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Cluster, clusterSkipReason, createCluster, freePort } from '../../server/test/pg-cluster';
import { startTestS3, type TestS3 } from '../../server/test/s3-server';
import { rssOf, type ServerProcess, startServer, waitForReady } from '../../server/test/server-process';
import { findNginx, hasCommand, type Nginx, selfSignedCertificate, startSiteNginx } from '../cluster/stack';

const run = promisify(execFile);

/** Why the soak cannot run here, or undefined. */
export async function soakSkipReason(): Promise<string | undefined> {
  if (!findNginx()) return 'nginx is not installed (apt-get install nginx)';
  if (clusterSkipReason) return clusterSkipReason;
  if (!(await hasCommand('redis-server')))
    return 'redis-server is not installed (apt-get install redis-server)';
  if (!(await hasCommand('openssl'))) return 'openssl is not installed (it makes the test certificate)';
  return undefined;
}

export interface Redis {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A redis-server of the soak's own on a free loopback port, without persistence. */
export async function startRedis(dir: string): Promise<Redis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: 'ignore' },
    );
    for (let i = 0; i < 100; i++) {
      try {
        await run('redis-cli', ['-p', String(port), 'ping']);
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new Error('redis-server did not start');
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = once(running, 'exit');
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}

export interface Instance {
  name: string;
  port: number;
  address: string;
  server: ServerProcess;
  /** When this process started (a restart makes a new one). */
  startedAt: number;
}

export interface SoakStack {
  base: string;
  ca: Buffer;
  pg: Cluster;
  databaseUrl: string;
  redis: Redis;
  s3: TestS3;
  nginx: Nginx;
  instances: Instance[];
  /** The instances' METRICS_TOKEN: the soak reads each one's kept heap from its /metrics. */
  metricsToken: string;
  restart(instance: Instance): Promise<void>;
  stopAll(): Promise<void>;
}

/** Open file descriptors of a process (Linux: /proc/<pid>/fd). */
export function fdsOf(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

export { rssOf };

export async function startSoakStack(dir: string, bundle: string): Promise<SoakStack> {
  const stops: Array<() => Promise<unknown>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((e) => console.error('clean-up:', e));
  };
  try {
    const pg = await createCluster();
    stops.push(() => pg.destroy());
    await pg.query('create database marketplace');
    const databaseUrl = pg.urlFor('marketplace');
    const redis = await startRedis(dir);
    stops.push(() => redis.stop());
    const s3 = await startTestS3();
    stops.push(() => s3.close());
    const certificate = await selfSignedCertificate(dir);
    const [httpsPort, httpPort] = [await freePort(), await freePort()];
    const publicUrl = `https://localhost:${httpsPort}`;
    const metricsToken = randomBytes(24).toString('hex');
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: 'soak:',
      ...s3.env,
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: '127.0.0.1',
      COOKIE_SECRET: 'soak-cookie-secret-0123456789abcdef0123456789abcdef',
      LIMITS_MULTIPLIER: '1000',
      LOG_LEVEL: 'warn',
      METRICS_TOKEN: metricsToken,
    };
    const instances: Instance[] = [];
    for (const name of ['A', 'B']) {
      const port = await freePort();
      instances.push({ name, port, address: `127.0.0.1:${port}`, server: undefined as never, startedAt: 0 });
    }
    const launch = async (instance: Instance) => {
      const dataDir = path.join(dir, `instance-${instance.name}`);
      mkdirSync(dataDir, { recursive: true });
      instance.server = startServer(dataDir, { ...env, PORT: String(instance.port) }, { built: bundle });
      instance.startedAt = Date.now();
      // waitForReady gives up after 90 s; on a machine shared with other builds a start took longer.
      const deadline = Date.now() + 300_000;
      for (;;) {
        try {
          await waitForReady(instance.port, instance.server.child);
          return;
        } catch (error) {
          if (instance.server.child.exitCode !== null || Date.now() > deadline)
            throw new Error(
              `instance ${instance.name} did not start: ${(error as Error).message}\n${instance.server.output().slice(-2000)}`,
            );
        }
      }
    };
    await Promise.all(instances.map(launch));
    stops.push(() =>
      Promise.all(
        instances.map(async (i) => {
          if (i.server.child.exitCode !== null || i.server.child.signalCode !== null) return;
          i.server.child.kill('SIGTERM');
          await i.server.exited;
        }),
      ),
    );
    const nginx = await startSiteNginx(dir, {
      instances: instances.map((i) => i.address),
      publicUrl,
      httpPort,
      httpsPort,
      certificate,
    });
    stops.push(() => nginx.stop());
    return {
      base: publicUrl.replace('localhost', '127.0.0.1'),
      ca: certificate.pem,
      pg,
      databaseUrl,
      redis,
      s3,
      nginx,
      instances,
      metricsToken,
      restart: launch,
      stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
