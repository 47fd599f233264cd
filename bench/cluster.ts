// npx tsx bench/cluster.ts: req/s through nginx (deploy/nginx.conf.template over TLS, as
// scripts/test-cluster.ts runs it) in front of 1 and then 2 app processes on the PostgreSQL database
// of DATABASE_URL and the Redis of REDIS_URL (default redis://127.0.0.1:6379), plus one instance
// without nginx for reference. Targets: GET /api/first-payload and the signed-in GET /api/posts (the
// seed's demo account's session cookie, so each request also looks the session up).
// Seed first: DATABASE_URL=postgres://…/bench_cluster npm run seed -- --count 100000
// Options: --instances 1,2  --duration S (10)  --connections N (50)  --warmup S (2)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { httpsClient, sessionCookieOf } from '../scripts/cluster/client';
import {
  findNginx,
  type Instance,
  type Nginx,
  renderSiteConf,
  selfSignedCertificate,
  startInstances,
  startNginx,
  stopInstance,
} from '../scripts/cluster/stack';
import { freePort } from '../server/test/pg-cluster';
import { flushPrefix } from '../server/test/redis';
import { type CannonResult, cannon, printTable } from './cannon';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '1,2' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '2' },
  },
});
const DEMO = { email: 'demo@example.co.zw', password: 'marketplace-demo' };

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const nginxBin = findNginx();
  if (!databaseUrl) throw new Error('DATABASE_URL (a seeded PostgreSQL database) is required');
  if (!nginxBin) throw new Error('nginx is not installed');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mkt-bench-cluster-'));
  const prefix = `bench:cluster:${randomBytes(4).toString('hex')}:`;
  const certificate = await selfSignedCertificate(dir);
  const rows: CannonResult[] = [];
  const bench = async (label: string, base: string, cookie: string) => {
    const targets = [
      {
        name: `${label}: GET /api/first-payload`,
        url: `${base}/api/first-payload`,
        headers: {} as Record<string, string>,
      },
      { name: `${label}: GET /api/posts (signed in)`, url: `${base}/api/posts`, headers: { cookie } },
    ];
    for (const target of targets) {
      const options = { connections: Number(values.connections), headers: target.headers };
      await cannon(target.name, target.url, { ...options, durationSeconds: Number(values.warmup) });
      rows.push(
        await cannon(target.name, target.url, { ...options, durationSeconds: Number(values.duration) }),
      );
    }
  };

  try {
    for (const count of values.instances.split(',').map(Number)) {
      const [httpsPort, httpPort] = [await freePort(), await freePort()];
      const publicUrl = `https://localhost:${httpsPort}`;
      const env = {
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: prefix,
        PUBLIC_URL: publicUrl,
        TRUST_PROXY: '127.0.0.1',
        COOKIE_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'warn',
      };
      let instances: Instance[] = [];
      let nginx: Nginx | undefined;
      try {
        // LOG_LEVEL=warn: no two log lines per request, as bench/run.ts.
        instances = await startInstances(count, (i) => path.join(dir, `n${count}-i${i}`), env);
        const site = await renderSiteConf([
          ...instances.flatMap((i) => ['--instance', i.address]),
          ...['--server-name', 'localhost', '--public-url', publicUrl],
          ...['--http-listen', `127.0.0.1:${httpPort}`, '--https-listen', `127.0.0.1:${httpsPort}`],
          ...['--cert', certificate.cert, '--key', certificate.key],
          ...['--access-log', path.join(dir, `access-${count}.log`), '--acme-root', path.join(dir, 'acme')],
        ]);
        nginx = await startNginx(nginxBin, path.join(dir, `nginx-${count}`), site, httpsPort);
        const base = `https://127.0.0.1:${httpsPort}`;
        const client = httpsClient(base, certificate.pem, '127.0.0.1');
        const login = await client.request('POST', '/api/login', { json: DEMO });
        client.close();
        if (login.status !== 200)
          throw new Error(`demo login answered ${login.status}: seed the database first`);
        const cookie = sessionCookieOf(login);
        if (count === 1) await bench('1 instance, direct', `http://${instances[0]?.address}`, cookie);
        await bench(`nginx + ${count} instance${count > 1 ? 's' : ''}`, base, cookie);
      } finally {
        await nginx?.stop();
        await Promise.all(instances.map((i) => stopInstance(i.server)));
      }
    }
  } finally {
    await flushPrefix(prefix, redisUrl);
    rmSync(dir, { recursive: true, force: true });
  }
  printTable(
    `Throughput at ${values.connections} connections, ${values.duration} s per target (${os.cpus().length} cores)`,
    rows,
    undefined,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
