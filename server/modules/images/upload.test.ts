import { readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageDto } from '../../../shared/api-types';
import { LIMITS } from '../../../shared/catalog';
import { IMAGE_VARIANT_WIDTHS, MAX_IMAGE_ASPECT, variantWidth } from '../../../shared/image-variants';
import { MSG } from '../../../shared/messages';
import { postImages } from '../../db/schema';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { type FormPart, multipart, uploadParts } from '../../test/multipart';
import { insertPost } from '../../test/post-factory';
import {
  exifIfd0Tags,
  GPS_IFD_TAG,
  jpeg,
  jpegOfSize,
  jpegWithGpsAndOrientation,
  png,
  pngBomb,
} from './test-images';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  other = await createUser(t.app);
});
afterAll(async () => {
  await t.close();
});

/** The stored image files as the app's storage lists them, wherever it keeps them. */
const mediaFiles = async () => {
  const keys: string[] = [];
  for await (const { key } of t.app.deps.storage.list('posts/')) keys.push(key);
  return keys;
};
/** Files left under DATA_DIR/tmp: uploads stream there and must always clean up after themselves. */
const tempFiles = () => {
  try {
    return readdirSync(path.join(t.dataDir, 'tmp'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};
const imageRows = (postId: number) =>
  t.database.db.select().from(postImages).where(eq(postImages.postId, postId));

const file = (data: Buffer, filename = 'photo.jpg', name = 'images'): FormPart => ({
  name,
  filename,
  data,
  contentType: 'image/jpeg',
});

function upload(cookie: string | undefined, postId: number | string, parts: FormPart[], type = 'product') {
  return uploadParts(t.app, cookie, [
    { name: 'postId', value: String(postId) },
    { name: 'type', value: type },
    ...parts,
  ]);
}

/** As the owner: some of these posts are drafts, whose images only their owner may fetch. */
async function fetchMedia(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** A failed upload must leave the post's images and the disk exactly as they were. */
async function expectNothingStored(postId: number, filesBefore: string[]) {
  expect(await imageRows(postId)).toEqual([]);
  expect((await mediaFiles()).sort()).toEqual(filesBefore.sort());
  expect(tempFiles()).toEqual([]);
}

describe('POST /api/files/upload', () => {
  it('stores WebP thumb, medium and full variants and answers them as images', async () => {
    const post = await insertPost(t, owner.id, { isPublished: false });
    const res = await upload(owner.cookie, post.id, [
      file(await jpeg(2400, 1800), 'a.jpg', 'images[]'),
      file(await png(200, 150), 'b.png', 'images[]'),
    ]);
    expect(res.statusCode).toBe(201);
    const { images } = res.json();
    expect(images).toEqual([
      {
        id: expect.any(Number),
        url: expect.stringMatching(/^\/media\/posts\/\d+\/[0-9a-f]{24}-full\.webp$/),
        thumbUrl: expect.stringMatching(/-thumb\.webp$/),
        mediumUrl: expect.stringMatching(/^\/media\/posts\/\d+\/[0-9a-f]{24}-medium\.webp$/),
        width: 1600,
        height: 1200,
      },
      {
        id: expect.any(Number),
        url: expect.any(String),
        thumbUrl: expect.any(String),
        mediumUrl: expect.any(String),
        width: 200,
        height: 150,
      },
    ]);
    // The files are where the storage says, under the keys the URLs name.
    const stored = await mediaFiles();
    for (const image of images)
      for (const url of [image.url, image.mediumUrl, image.thumbUrl])
        expect(stored).toContain(url.replace(/^\/media\//, ''));
    const full = await sharp(await fetchMedia(images[0].url)).metadata();
    expect(full).toMatchObject({ format: 'webp', width: 1600, height: 1200 });
    const medium = await sharp(await fetchMedia(images[0].mediumUrl)).metadata();
    expect(medium).toMatchObject({ format: 'webp', width: 1024, height: 768 });
    const thumb = await sharp(await fetchMedia(images[0].thumbUrl)).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 480, height: 360 });
    // Small images are never enlarged.
    for (const url of [images[1].thumbUrl, images[1].mediumUrl])
      expect(await sharp(await fetchMedia(url)).metadata()).toMatchObject({ width: 200, height: 150 });
    // The row counts every variant's bytes.
    const [row] = await t.database.db.select().from(postImages).where(eq(postImages.id, images[0].id));
    const sizes = await Promise.all(
      [images[0].url, images[0].mediumUrl, images[0].thumbUrl].map(
        async (url) => (await fetchMedia(url)).length,
      ),
    );
    expect(row?.bytes).toBe(sizes.reduce((a, b) => a + b, 0));

    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/files/product/${post.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(listed.json()).toEqual({ images });
    expect(tempFiles()).toEqual([]);
  });

  it("stores each variant at the width the web's srcset names (variantWidth), tall images bounded by height", async () => {
    const post = await insertPost(t, owner.id);
    const res = await upload(owner.cookie, post.id, [
      file(await jpeg(2400, 1800), 'wide.jpg'),
      file(await jpeg(600, 2400), 'tall.jpg'),
      file(await jpeg(1200, 900), 'middle.jpg'),
    ]);
    expect(res.statusCode).toBe(201);
    for (const image of res.json().images as ImageDto[]) {
      for (const [variant, url] of [
        ['thumb', image.thumbUrl],
        ['medium', image.mediumUrl],
        ['full', image.url],
      ] as const) {
        const meta = await sharp(await fetchMedia(url ?? '')).metadata();
        expect(meta.width, `${variant} of ${image.width}x${image.height}`).toBe(variantWidth(image, variant));
        expect(meta.height ?? 0).toBeLessThanOrEqual(IMAGE_VARIANT_WIDTHS[variant] * MAX_IMAGE_ASPECT);
      }
    }
  });

  it('strips EXIF and GPS and applies the orientation', async () => {
    const post = await insertPost(t, owner.id);
    const photo = await jpegWithGpsAndOrientation();
    const input = await sharp(photo).metadata();
    expect(input.orientation).toBe(6);
    expect(exifIfd0Tags(input.exif ?? Buffer.alloc(0))).toContain(GPS_IFD_TAG);

    const res = await upload(owner.cookie, post.id, [file(photo)]);
    expect(res.statusCode).toBe(201);
    const [image] = res.json().images;
    expect(image).toMatchObject({ width: 240, height: 320 });
    for (const url of [image.url, image.mediumUrl, image.thumbUrl]) {
      const meta = await sharp(await fetchMedia(url)).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(meta.width).toBeLessThan(meta.height ?? 0);
    }
  });

  it('answers 400 to an image sent before postId and type: nothing is read before authorization', async () => {
    const post = await insertPost(t, owner.id);
    const before = await mediaFiles();
    const photo = await jpeg();
    for (const parts of [
      [file(photo), { name: 'type', value: 'product' }, { name: 'postId', value: String(post.id) }],
      [{ name: 'postId', value: String(post.id) }, file(photo), { name: 'type', value: 'product' }],
    ]) {
      const res = await uploadParts(t.app, owner.cookie, parts);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Send postId and type before the images.' });
    }
    await expectNothingStored(post.id, before);
  });

  it('refuses a 6th image, counting the stored ones, and stores none of the request', async () => {
    const post = await insertPost(t, owner.id);
    const three = await upload(owner.cookie, post.id, [
      file(await jpeg()),
      file(await jpeg()),
      file(await jpeg()),
    ]);
    expect(three.statusCode).toBe(201);
    const before = await mediaFiles();
    const res = await upload(owner.cookie, post.id, [
      file(await jpeg()),
      file(await jpeg()),
      file(await jpeg()),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.images.tooMany });
    expect(await imageRows(post.id)).toHaveLength(3);
    expect((await mediaFiles()).sort()).toEqual(before.sort());

    const two = await upload(owner.cookie, post.id, [file(await jpeg()), file(await jpeg())]);
    expect(two.statusCode).toBe(201);
    const sixth = await upload(owner.cookie, post.id, [file(await jpeg())]);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().message).toBe(MSG.images.tooMany);
    expect(await imageRows(post.id)).toHaveLength(LIMITS.imagesPerPost);
  });

  it('refuses six images in one request', async () => {
    const post = await insertPost(t, owner.id);
    const before = await mediaFiles();
    const photo = await jpeg(64, 48);
    const res = await upload(
      owner.cookie,
      post.id,
      Array.from({ length: 6 }, () => file(photo)),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.images.tooMany });
    await expectNothingStored(post.id, before);
  });

  it('accepts exactly 5,242,880 bytes and refuses one byte more with 413', async () => {
    const post = await insertPost(t, owner.id);
    const atLimit = await upload(owner.cookie, post.id, [file(await jpegOfSize(LIMITS.imageBytes))]);
    expect(atLimit.statusCode).toBe(201);

    const other = await insertPost(t, owner.id);
    const before = await mediaFiles();
    const res = await upload(owner.cookie, other.id, [
      file(await jpeg()),
      file(await jpegOfSize(LIMITS.imageBytes + 1)),
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: MSG.images.tooBig });
    await expectNothingStored(other.id, before);
  });

  it('refuses a text file named .jpg with 415, whatever its declared type', async () => {
    const post = await insertPost(t, owner.id);
    const before = await mediaFiles();
    const text = Buffer.from('This is not a picture, just some text pretending to be one.\n'.repeat(200));
    const res = await upload(owner.cookie, post.id, [file(await jpeg()), file(text, 'holiday.jpg')]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: MSG.images.notImage });
    const tiny = await upload(owner.cookie, post.id, [file(Buffer.from('hi'), 'tiny.jpg')]);
    expect(tiny.statusCode).toBe(415);
    const truncated = await upload(owner.cookie, post.id, [file((await jpeg()).subarray(0, 600), 'cut.jpg')]);
    expect(truncated.statusCode).toBe(415);
    await expectNothingStored(post.id, before);
  });

  it('refuses a decompression-bomb PNG with 413 and keeps serving', async () => {
    const post = await insertPost(t, owner.id);
    const before = await mediaFiles();
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(100_000);
    const res = await upload(owner.cookie, post.id, [file(bomb, 'bomb.png')]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Images must be at most 40 megapixels.' });
    await expectNothingStored(post.id, before);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('answers 403 to another user on a published post, 404 on an unpublished one, and stores nothing', async () => {
    const post = await insertPost(t, owner.id);
    const draft = await insertPost(t, owner.id, { isPublished: false });
    const before = await mediaFiles();
    const res = await upload(other.cookie, post.id, [file(await jpeg())]);
    expect(res.statusCode).toBe(403);
    const hidden = await upload(other.cookie, draft.id, [file(await jpeg())]);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: MSG.postDetail.notFound });
    await expectNothingStored(post.id, before);
    await expectNothingStored(draft.id, before);
  });

  it('answers 401 to a visitor', async () => {
    const post = await insertPost(t, owner.id);
    const res = await upload(undefined, post.id, [file(await jpeg())]);
    expect(res.statusCode).toBe(401);
    expect(await imageRows(post.id)).toEqual([]);
  });

  it('answers 404 for an unknown post or the wrong type, 400 for bad fields or no file', async () => {
    const post = await insertPost(t, owner.id, { type: 'product' });
    const photo = await jpeg();
    expect((await upload(owner.cookie, 999_999, [file(photo)])).statusCode).toBe(404);
    expect((await upload(owner.cookie, post.id, [file(photo)], 'service')).statusCode).toBe(404);
    const badId = await upload(owner.cookie, 'abc', [file(photo)]);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors).toEqual({ postId: 'Invalid post ID' });
    const badType = await upload(owner.cookie, post.id, [file(photo)], 'car');
    expect(badType.json()).toMatchObject({ message: 'Type must be product or service.' });
    const noFile = await upload(owner.cookie, post.id, []);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Please choose at least one image to upload.');
    const wrongField = await upload(owner.cookie, post.id, [file(photo, 'a.jpg', 'picture')]);
    expect(wrongField.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      headers: { cookie: owner.cookie },
      payload: { postId: post.id },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('The upload form is not valid.');
    expect(await imageRows(post.id)).toEqual([]);
  });
});

describe('malformed and unfinished uploads', () => {
  const send = (headers: Record<string, string>, payload: string, simulate?: InjectOptions['simulate']) =>
    t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      headers: { ...headers, cookie: owner.cookie },
      payload,
      ...(simulate ? { simulate } : {}),
    });
  const errorLogs = () => t.logs.filter((line) => JSON.parse(line).level >= 50);

  it('answers 400, not 500, to a body that is not the multipart it claims to be', async () => {
    const post = await insertPost(t, owner.id);
    const before = await mediaFiles();
    const errorsBefore = errorLogs().length;
    const fields = `--abc\r\nContent-Disposition: form-data; name="postId"\r\n\r\n${post.id}\r\n--abc\r\nContent-Disposition: form-data; name="type"\r\n\r\nproduct\r\n`;
    const cases: Array<[Record<string, string>, string]> = [
      [{ 'content-type': 'multipart/form-data; boundary=abc' }, 'this is not multipart at all'],
      [{ 'content-type': 'multipart/form-data' }, `${fields}--abc--\r\n`],
      [
        { 'content-type': 'multipart/form-data; boundary=abc' },
        `${fields}--abc\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\n\r\n\xff\xd8\xff`,
      ],
    ];
    for (const [headers, payload] of cases) {
      const res = await send(headers, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The upload form is not valid.' });
    }
    expect(errorLogs()).toHaveLength(errorsBefore);
    await expectNothingStored(post.id, before);
  });

  it('logs a client that leaves in the middle of an upload at info, not as an error', async () => {
    const post = await insertPost(t, owner.id);
    const before = await mediaFiles();
    const errorsBefore = errorLogs().length;
    const form = multipart([
      { name: 'postId', value: String(post.id) },
      { name: 'type', value: 'product' },
      file(await jpeg()),
    ]);
    const half = form.payload.subarray(0, form.payload.length - 200).toString('latin1');
    const res = await send(form.headers, half, { end: false, close: true, split: false, error: false });
    expect(res.statusCode).toBe(400);
    expect(errorLogs()).toHaveLength(errorsBefore);
    const info = t.logs
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.msg === 'upload ended early by the client');
    expect(info).toHaveLength(1);
    expect(info[0].level).toBe(30);
    await expectNothingStored(post.id, before);
  });
});

describe('upload rate limit', () => {
  it('allows 60 uploads per user per 15 minutes, counted per user, not per address', async () => {
    const limited = await createTestApp({ SIGNUPS_PER_IP: '10' });
    try {
      const [first, second] = [await createUser(limited.app), await createUser(limited.app)];
      const post = await insertPost(limited, first.id);
      const tryUpload = (user: TestUser) => {
        // No image: each call is refused with 400 after the limit is counted, which is all this needs.
        return uploadParts(limited.app, user.cookie, [
          { name: 'postId', value: String(post.id) },
          { name: 'type', value: 'product' },
        ]);
      };
      for (let i = 0; i < 60; i++) expect((await tryUpload(first)).statusCode).toBe(400);
      const refused = await tryUpload(first);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^You're doing that too often\. Please try again in /);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another user behind the same address still uploads.
      expect((await tryUpload(second)).statusCode).toBe(403);
    } finally {
      await limited.close();
    }
    // 61 requests one after another on a fresh app: slower than the default on a busy machine.
  }, 60_000);
});

describe('uploads that stop arriving', () => {
  it('are closed after UPLOAD_IDLE_SECONDS, leaving no temp file and freeing the slot', async () => {
    const idle = await createTestApp({ UPLOAD_IDLE_SECONDS: '1' });
    try {
      const user = await createUser(idle.app);
      const post = await insertPost(idle, user.id);
      const address = await idle.app.listen({ port: 0, host: '127.0.0.1' });
      const photo = await jpegOfSize(2 * 1024 * 1024);
      const form = multipart([
        { name: 'postId', value: String(post.id) },
        { name: 'type', value: 'product' },
        file(photo),
      ]);
      const temp = () => {
        try {
          return readdirSync(path.join(idle.dataDir, 'tmp'), { recursive: true, withFileTypes: true }).filter(
            (e) => e.isFile(),
          );
        } catch {
          return [];
        }
      };
      const closed = await new Promise<{ at: number; tempWhileStalled: number }>((resolve) => {
        const req = http.request(`${address}/api/files/upload`, {
          method: 'POST',
          headers: { ...form.headers, cookie: user.cookie, 'content-length': String(form.payload.length) },
        });
        let tempWhileStalled = 0;
        const watch = setInterval(() => {
          tempWhileStalled = Math.max(tempWhileStalled, temp().length);
        }, 20);
        const sentAt = Date.now();
        const done = () => {
          clearInterval(watch);
          resolve({ at: Date.now() - sentAt, tempWhileStalled });
        };
        req.on('error', done);
        req.on('response', (res) => {
          res.resume();
          res.on('end', done);
        });
        req.write(form.payload.subarray(0, 1024 * 1024));
      });
      expect(closed.tempWhileStalled).toBe(1);
      expect(closed.at).toBeGreaterThanOrEqual(1000);
      expect(closed.at).toBeLessThan(10_000);
      // The connection closes first; the request's cleanup follows at once.
      for (let i = 0; i < 50 && temp().length > 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(temp()).toEqual([]);
      const entries = idle.logs.map((line) => JSON.parse(line));
      expect(entries.filter((e) => e.msg === 'upload stalled: connection closed')).toHaveLength(1);
      expect(entries.filter((e) => e.level >= 50)).toEqual([]);
      // Both of the user's slots are free again.
      const small = multipart([
        { name: 'postId', value: String(post.id) },
        { name: 'type', value: 'product' },
        file(await jpeg()),
      ]);
      const again = await fetch(`${address}/api/files/upload`, {
        method: 'POST',
        headers: { ...small.headers, cookie: user.cookie },
        body: small.payload,
      });
      expect(again.status).toBe(201);
    } finally {
      await idle.close();
    }
  }, 60_000);
});
