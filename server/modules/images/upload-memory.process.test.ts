// Uploads that stall must not hold memory: the real server (server/main.ts as a process, real sockets)
// with 40 uploads stalled 4 MB into a file, 20 users x 2 each. Every received byte is on disk under
// DATA_DIR/tmp, the process stays small, a third upload per user is refused, and the temp files go
// as soon as the clients do.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { multipart } from '../../test/multipart';
import { bytesReadBy, collectGarbage, rssOf, startServer, waitForReady } from '../../test/server-process';
import { jpeg, jpegOfSize } from './test-images';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mkt-upload-memory-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const MB = 1024 * 1024;
const USERS = 20;
const PER_USER = 2;
const SENT_BYTES = 4 * MB;

/** Every file under DATA_DIR/tmp and its size. */
function tempFiles(): Array<{ name: string; size: number }> {
  const root = path.join(dataDir, 'tmp');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => ({
        name: entry.name,
        size: statSync(path.join(entry.parentPath, entry.name), { throwIfNoEntry: false })?.size ?? 0,
      }));
  } catch {
    return [];
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!check() && Date.now() < end) await sleep(100);
  return check();
}

describe('uploads that stall mid-file (real server process)', () => {
  it('hold a small buffer each: RSS stays bounded, bytes go to temp files that are deleted when the clients leave', async () => {
    const port = 4000 + Math.floor(Math.random() * 500);
    const base = `http://127.0.0.1:${port}`;
    const server = startServer(
      dataDir,
      // Stalls last as long as the test needs them (the idle limit has its own test in upload.test.ts).
      { PORT: String(port), SIGNUPS_PER_IP: '100', LOG_LEVEL: 'warn', UPLOAD_IDLE_SECONDS: '600' },
      { gcOnSignal: true },
    );
    const stalled: http.ClientRequest[] = [];
    try {
      await waitForReady(port, server.child);
      const pid = server.child.pid as number;

      const json = async (url: string, body: unknown, cookie?: string) =>
        fetch(`${base}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
          body: JSON.stringify(body),
        });
      const users: Array<{ cookie: string; postId: number }> = [];
      for (let i = 0; i < USERS; i++) {
        const account = {
          name: 'Chipo Banda',
          email: `chipo.${randomBytes(4).toString('hex')}@example.co.zw`,
          phoneNumber: '0771234567',
          password: 'password123',
        };
        expect((await json('/api/signup', account)).status).toBe(201);
        const login = await json('/api/login', { email: account.email, password: account.password });
        const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
        const post = await json(
          '/api/create-post',
          {
            type: 'product',
            sell_or_buy: 'Sell',
            name: 'Bicycle',
            category: 'Electronics',
            price: '80',
            paymentMethods: 'Cash',
            details: 'Good condition.',
            city: 'Harare',
            location: 'Avondale',
          },
          cookie,
        );
        expect(post.status).toBe(201);
        users.push({ cookie, postId: (await post.json()).postId });
      }

      const uploadComplete = async (user: { cookie: string; postId: number }) => {
        const form = multipart([
          { name: 'postId', value: String(user.postId) },
          { name: 'type', value: 'product' },
          { name: 'images', filename: 'a.jpg', data: await jpeg(), contentType: 'image/jpeg' },
        ]);
        return fetch(`${base}/api/files/upload`, {
          method: 'POST',
          headers: { ...form.headers, cookie: user.cookie },
          body: form.payload,
        });
      };
      // Warm up (sharp and the upload path loaded), then measure from there.
      const [first] = users as [(typeof users)[number]];
      expect((await uploadComplete(first)).status).toBe(201);
      await collectGarbage(server.child);
      const baseline = rssOf(pid);
      const readBefore = bytesReadBy(pid);

      const photo = await jpegOfSize(5 * MB);
      const early: number[] = [];
      const writes: Array<Promise<void>> = [];
      for (const user of users) {
        for (let n = 0; n < PER_USER; n++) {
          const form = multipart([
            { name: 'postId', value: String(user.postId) },
            { name: 'type', value: 'product' },
            { name: 'images', filename: 'big.jpg', data: photo, contentType: 'image/jpeg' },
          ]);
          const cut = form.payload.indexOf(photo.subarray(0, 64)) + SENT_BYTES;
          const req = http.request(`${base}/api/files/upload`, {
            method: 'POST',
            agent: false,
            headers: {
              ...form.headers,
              cookie: user.cookie,
              'content-length': String(form.payload.length),
            },
          });
          req.on('response', (res) => {
            early.push(res.statusCode ?? 0);
            res.resume();
          });
          req.on('error', () => {});
          stalled.push(req);
          writes.push(new Promise((resolve) => req.write(form.payload.subarray(0, cut), () => resolve())));
        }
      }
      await Promise.all(writes);
      const expected = USERS * PER_USER * SENT_BYTES;
      const spooled = () => tempFiles().reduce((sum, f) => sum + f.size, 0);
      // The clients' writes are done once the kernel has them; wait until the server has read them.
      expect(await until(() => bytesReadBy(pid) - readBefore >= expected, 30_000)).toBe(true);
      await collectGarbage(server.child);
      const stalledRss = rssOf(pid);
      const perUpload = (stalledRss - baseline) / (USERS * PER_USER);
      console.info(
        `RSS with ${USERS * PER_USER} uploads stalled ${SENT_BYTES / MB} MB into a file: ` +
          `${(stalledRss / MB).toFixed(0)} MB (baseline ${(baseline / MB).toFixed(0)} MB, ` +
          `${(perUpload / 1024).toFixed(0)} KB per upload); on disk ${(spooled() / MB).toFixed(0)} MB`,
      );
      expect(early).toEqual([]);
      // The embedded database (PGlite, WebAssembly) alone is ~800 MB of the baseline, so the bound is on
      // what the stalled uploads add: generous (64 MB for 40), against the 160 MB they sent.
      expect(stalledRss - baseline).toBeLessThan(64 * MB);
      expect(perUpload).toBeLessThan(MB);
      expect(spooled()).toBeGreaterThanOrEqual(expected * 0.98);

      // A third upload at once for the same user waits its turn.
      const third = await uploadComplete(first);
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await third.json()).toEqual({ message: MSG.images.uploadsInProgress });

      // The clients give up: every temp file goes, and the user's slots are free again.
      for (const req of stalled) req.destroy();
      expect(await until(() => tempFiles().length === 0, 10_000)).toBe(true);
      expect((await uploadComplete(first)).status).toBe(201);
      expect(tempFiles()).toEqual([]);
    } finally {
      for (const req of stalled) req.destroy();
      server.child.kill('SIGTERM');
      await server.exited;
    }
    expect(await server.exited, server.output()).toBe(0);
  }, 180_000);
});
