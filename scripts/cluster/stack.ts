// The pieces of a scale-out deployment on one machine, for the cluster test (scripts/test-cluster.ts) and
// the cluster bench (bench/cluster.ts): app instances (the real server/main.ts), a self-signed
// certificate, and nginx running the site config rendered from deploy/nginx.conf.template by the same
// command docs/deploy.md shows, in the foreground with its own pid, logs and temp paths.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../server/test/pg-cluster';
import { type ServerProcess, startServer, waitForReady } from '../../server/test/server-process';

const run = promisify(execFile);

/** The nginx binary on PATH or where Debian puts it (sbin is not on every user's PATH). */
export function findNginx(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs.filter(Boolean)) {
    const candidate = path.join(dir, 'nginx');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

export async function hasCommand(name: string): Promise<boolean> {
  return run('sh', ['-c', `command -v ${name}`]).then(
    () => true,
    () => false,
  );
}

export interface Certificate {
  cert: string;
  key: string;
  /** The certificate itself, for a client to trust. */
  pem: Buffer;
}

/** A self-signed certificate for localhost and 127.0.0.1, valid for a day. */
export async function selfSignedCertificate(dir: string): Promise<Certificate> {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  return { cert, key, pem: readFileSync(cert) };
}

/** `npx tsx scripts/nginx-conf.ts ARGS`, as docs/deploy.md runs it; answers the rendered config. */
export async function renderSiteConf(args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/nginx-conf.ts', ...args]);
  return stdout;
}

/** Where the local deployment's nginx listens and what it sits in front of. */
export interface SiteNginx {
  /** The instances' `host:port`. */
  instances: string[];
  publicUrl: string;
  httpPort: number;
  httpsPort: number;
  certificate: Certificate;
}

/**
 * nginx on the rendered template (docs/deploy.md) in front of the instances, on loopback, everything
 * it writes under `dir/nginx`: the cluster test's and the soak's deployment alike.
 */
export async function startSiteNginx(dir: string, site: SiteNginx): Promise<Nginx> {
  const siteConf = await renderSiteConf([
    ...site.instances.flatMap((address) => ['--instance', address]),
    '--server-name',
    'localhost',
    '--public-url',
    site.publicUrl,
    '--http-listen',
    `127.0.0.1:${site.httpPort}`,
    '--https-listen',
    `127.0.0.1:${site.httpsPort}`,
    '--cert',
    site.certificate.cert,
    '--key',
    site.certificate.key,
    '--access-log',
    path.join(dir, 'nginx', 'access.log'),
    '--acme-root',
    path.join(dir, 'acme'),
  ]);
  return startNginx(findNginx() as string, path.join(dir, 'nginx'), siteConf, site.httpsPort);
}

export interface AccessLine {
  method: string;
  path: string;
  status: number;
  requestId: string;
  /** The instances nginx tried, in order (two when the first could not be reached). */
  upstreams: string[];
}

export interface Nginx {
  process: ChildProcess;
  /** The access log so far, parsed (the template's `marketplace` format). */
  accessLog(): AccessLine[];
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * Runs nginx in the foreground on `siteConf` (the rendered template, included in http {} as Debian's
 * nginx.conf includes conf.d). Everything nginx writes stays under `dir`. As root, nginx's workers run
 * as nobody, so `dir` and its parent are made traversable for them (request bodies go to temp files
 * there; the private key is read by the master only).
 */
export async function startNginx(bin: string, dir: string, siteConf: string, port: number): Promise<Nginx> {
  mkdirSync(path.join(dir, 'temp'), { recursive: true });
  for (const d of [path.dirname(dir), dir]) chmodSync(d, 0o755);
  writeFileSync(path.join(dir, 'marketplace.conf'), siteConf);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, 'temp', name)};`;
  const main = [
    'daemon off;',
    'worker_processes 2;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
    `  include ${path.join(dir, 'marketplace.conf')};`,
    '}',
    '',
  ].join('\n');
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, main);
  const earlyLog = path.join(dir, 'startup.log');
  await run(bin, ['-t', '-q', '-c', conf, '-e', earlyLog]);
  const child = spawn(bin, ['-c', conf, '-e', earlyLog], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const errorLog = () => {
    const file = path.join(dir, 'error.log');
    return stderr + (existsSync(file) ? readFileSync(file, 'utf8') : '');
  };
  const deadline = Date.now() + 15_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`nginx did not start:\n${errorLog()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const accessFile = path.join(dir, 'access.log');
  return {
    process: child,
    accessLog: () => (existsSync(accessFile) ? parseAccessLog(readFileSync(accessFile, 'utf8')) : []),
    errorLog,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const ACCESS_LINE = /"(\S+) (\S+) [^"]*" (\d{3}) .* rid=(\S+) upstream=(.*) ustatus=/;

function parseAccessLog(text: string): AccessLine[] {
  return text
    .split('\n')
    .map((line) => ACCESS_LINE.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map(([, method = '', p = '', status = '0', requestId = '', upstreams = '']) => ({
      method,
      path: p,
      status: Number(status),
      requestId,
      upstreams: upstreams
        .split(/[,:]\s/)
        .map((u) => u.trim())
        .filter((u) => u && u !== '-'),
    }));
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface Instance {
  server: ServerProcess;
  /** host:port, as nginx's upstream names it. */
  address: string;
}

/** Starts `count` app processes (tsx server/main.ts) on free ports, together, and waits until all are ready. */
export async function startInstances(
  count: number,
  dataDir: (i: number) => string,
  env: Record<string, string>,
): Promise<Instance[]> {
  const ports: number[] = [];
  for (let i = 0; i < count; i++) ports.push(await freePort());
  const servers = ports.map((port, i) => {
    mkdirSync(dataDir(i), { recursive: true });
    return startServer(dataDir(i), { ...env, PORT: String(port) });
  });
  try {
    await Promise.all(servers.map((s, i) => waitForReady(ports[i] as number, s.child)));
    return servers.map((server, i) => ({ server, address: `127.0.0.1:${ports[i]}` }));
  } catch (error) {
    await Promise.all(servers.map(stopInstance));
    throw error;
  }
}

/** SIGTERM (a graceful stop) and its exit code; null when it was already gone. */
export async function stopInstance(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.child.exitCode;
  server.child.kill('SIGTERM');
  return server.exited;
}
