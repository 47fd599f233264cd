// A real S3-compatible server (s3rver, in a child process: s3-server-child.cjs) on a free loopback
// port, for the storage contract and the API tests with STORAGE=s3. stop() kills it (an outage:
// connections refused) and start() brings it back on the same port with the same objects.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { S3StorageConfig } from '../config';

export const TEST_BUCKET = 'mkt-media';
// s3rver's own credentials: it checks request signatures against them.
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const CHILD = path.join(import.meta.dirname, 's3-server-child.cjs');

export interface TestS3 {
  /** e.g. http://127.0.0.1:41234 */
  endpoint: string;
  /** Where an object is readable without credentials (path style), e.g. for MEDIA_PUBLIC_URL. */
  bucketUrl: string;
  /** The variables that make an app keep its images in this bucket. */
  env: Record<string, string>;
  /** The same, as a store's config. */
  config: Omit<S3StorageConfig, 'kind'>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its files. */
  close(): Promise<void>;
}

/** Starts the child and resolves with the port it listens on. */
async function spawnS3rver(directory: string, port: number): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', CHILD, directory, String(port), TEST_BUCKET],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const [line] = (await Promise.race([
    once(lines, 'line'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`s3rver exited with ${code} before listening`);
    }),
  ])) as [string];
  lines.close();
  return { child, port: (JSON.parse(line) as { port: number }).port };
}

export async function startTestS3({ timeoutMs = 5000 } = {}): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'mkt-s3-'));
  let port = 0;
  let child: ChildProcess | undefined;
  const start = async () => {
    if (child) return;
    ({ child, port } = await spawnS3rver(directory, port));
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
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucketUrl: `${endpoint}/${TEST_BUCKET}`,
    env: {
      STORAGE: 's3',
      S3_BUCKET: TEST_BUCKET,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_TIMEOUT_MS: String(timeoutMs),
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    config: {
      bucket: TEST_BUCKET,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      timeoutMs,
      credentials: CREDENTIALS,
    },
    stop,
    start,
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A server that accepts connections and never answers: a hung store. Its endpoint is what S3_ENDPOINT
 * would be; close() drops the connections it holds.
 */
export async function startSilentServer(): Promise<{ endpoint: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
