// npm run backup / npm run restore as an operator runs them, against real server processes: on PGlite
// with images on disk (the backup taken from the running server while it takes writes) and on
// PostgreSQL with images in an S3 bucket. The restored marketplace serves every post, photo, account,
// comment and like the backup's moment held; sessions are dropped; a non-empty target is refused.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type Account,
  comment,
  type HttpClient,
  httpClient,
  like,
  logIn,
  postWithPhoto,
  signUp,
} from '../test/market-actions';
import { freePort } from '../test/pg-cluster';
import { startTestS3 } from '../test/s3-server';
import { startServer, waitForReady } from '../test/server-process';
import { reachablePostgres } from '../test/twin-apps';
import type { Manifest } from './manifest';
import { readTar } from './tar';

const root = mkdtempSync(path.join(os.tmpdir(), 'mkt-backup-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const postgresUrl = await reachablePostgres();

type Env = Record<string, string>;

/** Runs scripts/<name>.ts as `npm run <name>` does; answers its exit code and output. */
function cli(name: string, args: string[], env: Env): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `scripts/${name}.ts`, ...args],
      { env: { ...process.env, VITEST: '', DATABASE_URL: '', ...env } },
      (error, stdout, stderr) =>
        resolve({
          code: error ? Number((error as { code?: number }).code ?? 1) : 0,
          output: stdout + stderr,
        }),
    );
  });
}

async function manifestOf(file: string): Promise<Manifest> {
  for await (const entry of readTar(createReadStream(file).pipe(createGunzip())))
    if (entry.name === 'manifest.json') return JSON.parse((await buffer(entry.body)).toString()) as Manifest;
  throw new Error('no manifest');
}

async function serve(dataDir: string, env: Env) {
  const port = await freePort();
  const server = startServer(dataDir, { PORT: String(port), LIMITS_MULTIPLIER: '1000', ...env });
  // Generous: on a machine shared by many builds a fresh server has taken minutes to start.
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      await waitForReady(port, server.child);
      break;
    } catch (error) {
      if (server.child.exitCode !== null || Date.now() > deadline) {
        server.child.kill('SIGKILL');
        throw new Error(`${(error as Error).message}:\n${server.output().slice(-3000)}`);
      }
    }
  }
  return {
    client: httpClient(`http://127.0.0.1:${port}`),
    output: server.output,
    async stop() {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
  };
}

interface Made {
  seller: Account;
  buyer: Account;
  posts: Array<{ postId: number; imageUrl: string; photo: Buffer; commentId: number }>;
}

/** Two members, three posts with a photo each, a comment and a like on each. */
async function makeMarket(client: HttpClient): Promise<Made> {
  const seller = await signUp(client, 'seller');
  const buyer = await signUp(client, 'buyer');
  const posts: Made['posts'] = [];
  for (let i = 0; i < 3; i++) {
    const { postId, imageUrl } = await postWithPhoto(client, seller, `Solar panel ${i}`);
    const photo = (await client.request('GET', imageUrl)).body;
    const commentId = await comment(client, buyer, postId, `Is panel ${i} still available?`);
    expect(await like(client, buyer, postId)).toBe(true);
    posts.push({ postId, imageUrl, photo, commentId });
  }
  return { seller, buyer, posts };
}

/** Posts made in a loop until stop(); each with when it was acknowledged. */
function writeWhile(client: HttpClient, seller: Account) {
  let stopped = false;
  const acked: Array<{ postId: number; at: number }> = [];
  const running = (async () => {
    for (let i = 0; !stopped; i++) {
      const { postId } = await postWithPhoto(client, seller, `Written during the backup ${i}`);
      acked.push({ postId, at: Date.now() });
    }
  })();
  return {
    acked,
    async stop() {
      stopped = true;
      await running;
    },
  };
}

/** Everything `made` holds, read from a restored server; and the old sessions are gone. */
async function expectRestored(client: HttpClient, made: Made) {
  for (const post of made.posts) {
    const detail = await client.request('GET', `/api/posts/${post.postId}`);
    expect(detail.status, detail.body.toString()).toBe(200);
    const photo = await client.request('GET', post.imageUrl);
    expect(photo.status).toBe(200);
    expect(photo.body.equals(post.photo)).toBe(true);
    const comments = await client.request('GET', `/api/comments/post/${post.postId}`);
    const ids = comments.json<{ data: { comments: Array<{ id: number }> } }>().data.comments.map((c) => c.id);
    expect(ids).toContain(post.commentId);
    const likes = await client.request('GET', `/api/likes/count/${post.postId}`);
    expect(likes.json<{ count: number }>().count).toBe(1);
  }
  const old = await client.request('GET', '/api/verify-auth', { headers: { cookie: made.seller.cookie } });
  expect(old.json<{ isAuthenticated: boolean }>().isAuthenticated).toBe(false);
  // The accounts are there: their passwords sign them in.
  const cookie = await logIn(client, made.buyer.email);
  const me = await client.request('GET', '/api/verify-auth', { headers: { cookie } });
  expect(me.json<{ user: { id: number } }>().user.id).toBe(made.buyer.id);
}

describe('backup and restore', () => {
  it('PGlite, images on disk: a backup taken from the serving server restores its moment', {
    timeout: 900_000,
  }, async () => {
    const source = path.join(root, 'pglite-source');
    const server = await serve(source, {});
    const made = await makeMarket(server.client);
    const writes = writeWhile(server.client, made.seller);
    while (writes.acked.length < 2) await new Promise((r) => setTimeout(r, 50));
    const file = path.join(root, 'pglite.tar.gz');
    const started = Date.now();
    const backup = await cli('backup', ['--out', file], { DATA_DIR: source });
    const ended = Date.now();
    await new Promise((r) => setTimeout(r, 300));
    await writes.stop();
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain('snapshot from the server while it serves');
    // The server took writes the whole time (acknowledged before, during and after the backup).
    expect(writes.acked.some((w) => w.at > started && w.at < ended)).toBe(true);
    expect(writes.acked.some((w) => w.at > ended)).toBe(true);
    const manifest = await manifestOf(file);
    expect(manifest).toMatchObject({ database: 'pglite', schema: { migrations: expect.any(Number) } });
    expect(manifest.schema.migration).toMatch(/^\d{4}_/);
    expect(manifest.counts).toMatchObject({ users: 2, comments: 3, likes: 3 });
    expect(manifest.counts.posts).toBeGreaterThanOrEqual(3 + 2);
    expect(manifest.counts.posts).toBeLessThan(3 + writes.acked.length);
    expect(manifest.images).toMatchObject({ storage: 'disk', missing: [] });
    expect(manifest.images.objects).toBeGreaterThanOrEqual(manifest.counts.postImages * 3);
    await server.stop();

    const target = path.join(root, 'pglite-target');
    const restored = await cli('restore', [file], { DATA_DIR: target });
    expect(restored.code, restored.output).toBe(0);
    const again = await serve(target, {});
    await expectRestored(again.client, made);
    const list = await again.client.request('GET', '/api/my-created-posts', {
      headers: { cookie: await logIn(again.client, made.seller.email) },
    });
    expect(list.status).toBe(200);
    // A serving target is never overwritten, --force or not; a stopped, filled one only with --force.
    const busy = await cli('restore', [file, '--force'], { DATA_DIR: target });
    expect(busy.code, busy.output).toBe(2);
    expect(busy.output).toMatch(/is using .*stop it before restoring/);
    await again.stop();
    const refused = await cli('restore', [file], { DATA_DIR: target });
    expect(refused.code, refused.output).toBe(2);
    expect(refused.output).toContain('restore with --force');
    const forced = await cli('restore', [file, '--force'], { DATA_DIR: target });
    expect(forced.code, forced.output).toBe(0);
  });

  it.skipIf(!postgresUrl)(
    `PostgreSQL, images in S3: pg_dump's snapshot and the bucket restore into a new database and bucket${postgresUrl ? '' : ' (skipped: no PostgreSQL at PG_TEST_URL)'}`,
    { timeout: 900_000 },
    async () => {
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      const names = [
        `backup_src_${randomBytes(3).toString('hex')}`,
        `backup_dst_${randomBytes(3).toString('hex')}`,
      ];
      // S3 calls time out after 30 s, not 5: this test is about the data, not a slow store.
      const [sourceS3, targetS3] = [
        await startTestS3({ timeoutMs: 30_000 }),
        await startTestS3({ timeoutMs: 30_000 }),
      ];
      try {
        for (const name of names) await admin.query(`create database ${name}`);
        const [sourceUrl, targetUrl] = names.map((n) =>
          Object.assign(new URL(postgresUrl as string), { pathname: `/${n}` }).toString(),
        ) as [string, string];
        const sourceEnv = { DATABASE_URL: sourceUrl, ...sourceS3.env };
        const server = await serve(path.join(root, 'pg-source'), sourceEnv);
        const made = await makeMarket(server.client);
        const writes = writeWhile(server.client, made.seller);
        const file = path.join(root, 'postgres.tar.gz');
        const backup = await cli('backup', ['--out', file], {
          DATA_DIR: path.join(root, 'pg-source'),
          ...sourceEnv,
        });
        await writes.stop();
        expect(backup.code, backup.output).toBe(0);
        const manifest = await manifestOf(file);
        expect(manifest).toMatchObject({ database: 'postgres', images: { storage: 's3', missing: [] } });
        expect(manifest.counts).toMatchObject({ users: 2, comments: 3, likes: 3 });
        await server.stop();

        const targetEnv = { DATABASE_URL: targetUrl, ...targetS3.env };
        const targetDir = path.join(root, 'pg-target');
        const restored = await cli('restore', [file], { DATA_DIR: targetDir, ...targetEnv });
        expect(restored.code, restored.output).toBe(0);
        const again = await serve(targetDir, targetEnv);
        await expectRestored(again.client, made);
        // The photos are in the new bucket, not only in the old one.
        const key = made.posts[0]?.imageUrl.replace(/^\/media\//, '');
        expect((await fetch(`${targetS3.bucketUrl}/${key}`)).status).toBe(200);
        await again.stop();
        const refused = await cli('restore', [file], { DATA_DIR: targetDir, ...targetEnv });
        expect(refused.code, refused.output).toBe(2);
        expect(refused.output).toMatch(/the database holds \d+ users/);
        const forced = await cli('restore', [file, '--force'], { DATA_DIR: targetDir, ...targetEnv });
        expect(forced.code, forced.output).toBe(0);
      } finally {
        for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
        await sourceS3.close();
        await targetS3.close();
      }
    },
  );
});
