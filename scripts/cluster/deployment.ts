// The cluster test's deployment (docs/deploy.md on one machine): what it needs here, the stack it starts
// (PostgreSQL database, Redis prefix, s3rver, two instances, nginx over TLS) and its clean-up, and
// clients that reach it through nginx from chosen addresses, with nginx's word on which instance answered.

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../server/test/pg-cluster';
import { flushPrefix, REDIS_TEST_URL, redisSkipReason, testPrefix } from '../../server/test/redis';
import { startTestS3, type TestS3 } from '../../server/test/s3-server';
import { CheckFailed } from './checks';
import { type Client, httpsClient, type Reply } from './client';
import {
  findNginx,
  hasCommand,
  type Instance,
  type Nginx,
  selfSignedCertificate,
  startInstances,
  startSiteNginx,
  stopInstance,
} from './stack';

export const run = promisify(execFile);
export const PG_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const WRITERS = 6;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- what is missing here ------------------------------------------------------------------------

async function pgAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function skipReason(): Promise<string | undefined> {
  if (!(await pgAnswers())) return `no PostgreSQL answering at ${PG_URL} (set PG_TEST_URL)`;
  if (redisSkipReason) return redisSkipReason;
  if (!findNginx()) return 'nginx is not installed (apt-get install nginx)';
  if (!(await hasCommand('openssl'))) return 'openssl is not installed (it makes the test certificate)';
  for (const tool of ['pg_dump', 'pg_restore', 'createdb', 'dropdb'])
    if (!(await hasCommand(tool))) return `${tool} is not installed (apt-get install postgresql-client)`;
  return undefined;
}

// ---- the deployment ------------------------------------------------------------------------------

export interface Stack {
  base: string;
  httpPort: number;
  ca: Buffer;
  instances: Instance[];
  nginx: Nginx;
  db: pg.Client;
  databaseUrl: string;
  dir: string;
  s3: TestS3;
  webBuilt: boolean;
}

export const cleanups: Array<() => Promise<unknown>> = [];

export async function cleanUp() {
  for (const step of cleanups.reverse()) await step().catch((e) => console.error('cleanup:', e));
}

export async function startStack(dir: string): Promise<Stack> {
  const database = `cluster_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${database}`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });
  const databaseUrl = Object.assign(new URL(PG_URL), { pathname: `/${database}` }).toString();

  const prefix = testPrefix('cluster');
  cleanups.push(() => flushPrefix(prefix));
  const s3 = await startTestS3();
  cleanups.push(() => s3.close());
  const certificate = await selfSignedCertificate(dir);
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const publicUrl = `https://localhost:${httpsPort}`;
  const webDist = path.resolve('dist/web');
  const webBuilt = existsSync(path.join(webDist, 'index.html'));

  // What docs/deploy.md's environment file holds, with this machine's values.
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: REDIS_TEST_URL,
    REDIS_KEY_PREFIX: prefix,
    ...s3.env,
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: '127.0.0.1', // nginx, as the instances see it
    COOKIE_SECRET: randomBytes(32).toString('hex'),
    // A load test from one machine: every per-user and per-address limit raised; the per-account
    // password lockout (checked below) is not scaled.
    LIMITS_MULTIPLIER: '1000',
    ...(webBuilt ? { WEB_DIST: webDist } : {}),
  };
  const instances = await startInstances(2, (i) => path.join(dir, `instance-${i}`), env);
  cleanups.push(() => Promise.all(instances.map((i) => stopInstance(i.server))));

  const nginx = await startSiteNginx(dir, {
    instances: instances.map((i) => i.address),
    publicUrl,
    httpPort,
    httpsPort,
    certificate,
  });
  cleanups.push(() => nginx.stop());

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  cleanups.push(() => db.end());
  stack = {
    base: publicUrl.replace('localhost', '127.0.0.1'),
    httpPort,
    ca: certificate.pem,
    instances,
    nginx,
    db,
    databaseUrl,
    dir,
    s3,
    webBuilt,
  };
  return stack;
}

// ---- helpers over nginx --------------------------------------------------------------------------

/** The deployment of this run (set by startStack). */
export let stack: Stack;
export const clients: Client[] = [];
/** A client connecting from 127.0.0.<n>: one client address as nginx sees it. */
export function clientFrom(n: number): Client {
  const client = httpsClient(stack.base, stack.ca, `127.0.0.${n}`);
  clients.push(client);
  return client;
}

/** The instance (host:port) that gave this answer, from nginx's access log (the last one tried). */
export async function instanceOf(reply: Pick<Reply, 'requestId'>): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const line = stack.nginx.accessLog().find((l) => l.requestId === reply.requestId);
    if (line) return line.upstreams.at(-1) ?? '-';
    await sleep(20);
  }
  throw new CheckFailed(`no access-log line for request ${reply.requestId}`);
}

export const label = (address: string) => {
  const i = stack.instances.findIndex((inst) => inst.address === address);
  return i < 0 ? address : `instance ${'AB'[i]}`;
};

/** Repeats a request through nginx until both instances have answered it; each answer with its instance. */
export async function fromBoth(send: () => Promise<Reply>): Promise<Array<{ reply: Reply; at: string }>> {
  const answers: Array<{ reply: Reply; at: string }> = [];
  for (let i = 0; i < 10; i++) {
    const reply = await send();
    answers.push({ reply, at: await instanceOf(reply) });
    if (stack.instances.every((inst) => answers.some((a) => a.at === inst.address))) return answers;
  }
  throw new CheckFailed(
    `10 requests never reached both instances: ${answers.map((a) => label(a.at)).join(', ')}`,
  );
}
