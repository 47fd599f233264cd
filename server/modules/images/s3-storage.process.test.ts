// Images in an S3-compatible bucket (STORAGE=s3, decision 024), through the API as a client sees them:
// upload, serve (same headers and visibility as on disk), delete, the orphan sweep, and an outage or a
// hung store answering 503 while the process goes on.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE_HEADER } from '../../../shared/api-errors';
import type { ImageDto } from '../../../shared/api-types';
import { MSG } from '../../../shared/messages';
import { postImages } from '../../db/schema';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { uploadParts } from '../../test/multipart';
import { insertPost } from '../../test/post-factory';
import { startSilentServer, startTestS3, type TestS3 } from '../../test/s3-server';
import { OWNER_ONLY_MEDIA_CACHE, PUBLISHED_MEDIA_CACHE } from './media-routes';
import { sweepOrphanFiles } from './orphans';
import { jpeg } from './test-images';

let s3: TestS3;
let t: TestApp;
let owner: TestUser;
let other: TestUser;
let photo: Buffer;
beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp(s3.env);
  owner = await createUser(t.app);
  other = await createUser(t.app);
  photo = await jpeg(640, 480);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const keyOf = (url: string) => url.replace(/^\/media\//, '');
const variants = (image: ImageDto) => [image.thumbUrl, image.mediumUrl ?? '', image.url];

async function storedKeys(postId: number) {
  const keys: string[] = [];
  for await (const { key } of t.app.deps.storage.list(`posts/${postId}/`)) keys.push(key);
  return keys.sort();
}

function upload(app: TestApp, postId: number, count = 1) {
  return uploadParts(app.app, owner.cookie, [
    { name: 'postId', value: String(postId) },
    { name: 'type', value: 'service' },
    ...Array.from({ length: count }, () => ({ name: 'images', filename: 'p.jpg', data: photo })),
  ]);
}

async function postWithImages(count: number, isPublished: boolean) {
  const post = await insertPost(t, owner.id, { isPublished, type: 'service' });
  const res = await upload(t, post.id, count);
  expect(res.statusCode).toBe(201);
  return { post, images: res.json().images as ImageDto[] };
}

describe('STORAGE=s3', () => {
  it('stores every variant of an upload in the bucket, none on the local disk', async () => {
    const { post, images } = await postWithImages(2, true);
    expect(await storedKeys(post.id)).toEqual(images.flatMap(variants).map(keyOf).sort());
    expect(existsSync(path.join(t.dataDir, 'media'))).toBe(false);
  });

  it("serves a published post's image from the bucket with the disk's headers, ETag and 304", async () => {
    const { images } = await postWithImages(1, true);
    for (const url of variants(images[0] as ImageDto)) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe(PUBLISHED_MEDIA_CACHE);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
      expect(res.headers.etag).toBe(`"${keyOf(url)}"`);
      const again = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': res.headers.etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
  });

  it("keeps a draft's images from everyone but its owner, who gets them privately", async () => {
    const { images } = await postWithImages(1, false);
    for (const url of variants(images[0] as ImageDto)) {
      for (const cookie of [undefined, other.cookie]) {
        const res = await get(url, cookie);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['cache-control']).toBe('no-store');
      }
      const mine = await get(url, owner.cookie);
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['cache-control']).toBe(OWNER_ONLY_MEDIA_CACHE);
      expect(mine.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    }
  });

  it('deletes an image: its row, and its objects from the bucket', async () => {
    const { post, images } = await postWithImages(2, true);
    const [first, second] = images as [ImageDto, ImageDto];
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/files/${first.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ images: [second] });
    for (const url of variants(first)) expect((await get(url)).statusCode, url).toBe(404);
    expect(await storedKeys(post.id)).toEqual(variants(second).map(keyOf).sort());
  });

  it("deletes a deleted account's images from the bucket (issue 31)", async () => {
    const leaving = await createUser(t.app);
    const post = await insertPost(t, leaving.id, { type: 'service' });
    const res = await uploadParts(t.app, leaving.cookie, [
      { name: 'postId', value: String(post.id) },
      { name: 'type', value: 'service' },
      { name: 'images', filename: 'p.jpg', data: photo },
    ]);
    expect(res.statusCode).toBe(201);
    expect(await storedKeys(post.id)).toHaveLength(3);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: leaving.cookie },
      payload: { password: leaving.password },
    });
    expect(gone.statusCode).toBe(200);
    expect(await storedKeys(post.id)).toEqual([]);
  });

  it('sweeps objects no image row points to once they are old enough, and keeps the rest', async () => {
    const { post, images } = await postWithImages(2, true);
    const [kept, lost] = images as [ImageDto, ImageDto];
    // A crash between writing the files and committing the rows leaves objects without a row.
    await t.database.db.delete(postImages).where(eq(postImages.id, lost.id));
    const sweep = (now?: number) => sweepOrphanFiles(t.app.deps, t.app.log, now ? { now } : {});
    expect(await sweep()).toBe(0); // young: it could be an upload in flight
    expect(await storedKeys(post.id)).toHaveLength(6);
    expect(await sweep(Date.now() + 2 * 3_600_000)).toBe(3);
    expect(await storedKeys(post.id)).toEqual(variants(kept).map(keyOf).sort());
    for (const url of variants(kept)) expect((await get(url)).statusCode, url).toBe(200);
  });
});

describe('STORAGE=s3 while the store is down', () => {
  it('answers 503 to uploads and image requests, stores nothing, and recovers when the store is back', async () => {
    const { post, images } = await postWithImages(1, true);
    const second = await insertPost(t, owner.id, { isPublished: true, type: 'service' });
    const image = images[0] as ImageDto;
    await s3.stop();
    try {
      const refused = await upload(t, second.id);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ message: MSG.errors.unavailable });
      expect(refused.headers[ERROR_CODE_HEADER]).toBe('unavailable');
      const served = await get(image.url);
      expect(served.statusCode).toBe(503);
      expect(served.json()).toEqual({ message: MSG.errors.unavailable });
      // Deleting still removes the row at once; its objects wait for the sweep.
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/files/${image.id}`,
        headers: { cookie: owner.cookie },
      });
      expect(deleted.statusCode).toBe(200);
      expect((await get('/healthz')).statusCode).toBe(200);
    } finally {
      await s3.start();
    }
    const rows = await t.database.db.select().from(postImages).where(eq(postImages.postId, second.id));
    expect(rows).toEqual([]);
    expect(t.logs.join('\n')).toMatch(/image storage unavailable/);
    // The deleted image's objects could not go: one warning each, no stack, and the sweep takes them.
    expect(t.logs.join('\n')).toMatch(/left to the orphan sweep/);
    expect(t.logs.filter((line) => line.includes('"level":50'))).toEqual([]);
    expect(await storedKeys(second.id)).toEqual([]);
    // Back: uploads work again, and the sweep takes the deleted image's leftover objects.
    expect((await upload(t, second.id)).statusCode).toBe(201);
    expect(await storedKeys(post.id)).toHaveLength(3);
    await sweepOrphanFiles(t.app.deps, t.app.log, { now: Date.now() + 2 * 3_600_000 });
    expect(await storedKeys(post.id)).toEqual([]);
  });

  it('answers 503 within S3_TIMEOUT_MS when the store accepts connections and never answers', async () => {
    const silent = await startSilentServer();
    const hung = await createTestApp({ ...s3.env, S3_ENDPOINT: silent.endpoint, S3_TIMEOUT_MS: '300' });
    try {
      const user = await createUser(hung.app);
      const post = await insertPost(hung, user.id, { type: 'service' });
      const res = await uploadParts(hung.app, user.cookie, [
        { name: 'postId', value: String(post.id) },
        { name: 'type', value: 'service' },
        { name: 'images', filename: 'p.jpg', data: photo },
      ]);
      expect(res.statusCode).toBe(503);
      expect(hung.logs.join('\n')).toMatch(/no answer within 300 ms/);
      const rows = await hung.database.db.select().from(postImages).where(eq(postImages.postId, post.id));
      expect(rows).toEqual([]);
    } finally {
      await hung.close();
      await silent.close();
    }
  });
});
