import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageDto } from '../../../shared/api-types';
import { MSG } from '../../../shared/messages';
import { postImages, posts, sessions } from '../../db/schema';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { uploadParts } from '../../test/multipart';
import { insertPost } from '../../test/post-factory';
import { OWNER_ONLY_MEDIA_CACHE, PUBLISHED_MEDIA_CACHE } from './media-routes';
import { mediaPostQuery } from './repo';
import { jpeg } from './test-images';

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

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const del = (url: string, cookie?: string) =>
  t.app.inject({ method: 'DELETE', url, headers: cookie ? { cookie } : {} });

/** A post of the owner with `count` uploaded images. */
async function postWithImages(count: number, isPublished: boolean) {
  const post = await insertPost(t, owner.id, { isPublished, type: 'service' });
  const photo = await jpeg(640, 480);
  const res = await uploadParts(t.app, owner.cookie, [
    { name: 'postId', value: String(post.id) },
    { name: 'type', value: 'service' },
    ...Array.from({ length: count }, () => ({ name: 'images', filename: 'p.jpg', data: photo })),
  ]);
  expect(res.statusCode).toBe(201);
  return { post, images: res.json().images as ImageDto[] };
}

describe('GET /api/files/{type}/{postId}', () => {
  it("lists a published post's images, in upload order, to anyone", async () => {
    const { post, images } = await postWithImages(3, true);
    for (const cookie of [undefined, other.cookie, owner.cookie]) {
      const res = await get(`/api/files/service/${post.id}`, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ images });
    }
  });

  it("hides an unpublished post's images from everyone but the owner", async () => {
    const { post, images } = await postWithImages(1, false);
    expect((await get(`/api/files/service/${post.id}`, owner.cookie)).json()).toEqual({ images });
    for (const cookie of [undefined, other.cookie]) {
      const res = await get(`/api/files/service/${post.id}`, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: MSG.postDetail.notFound });
    }
  });

  it('answers an empty list for a post without images, 404 for the wrong type or an unknown post', async () => {
    const post = await insertPost(t, owner.id, { type: 'product' });
    expect((await get(`/api/files/product/${post.id}`)).json()).toEqual({ images: [] });
    expect((await get(`/api/files/service/${post.id}`)).statusCode).toBe(404);
    expect((await get('/api/files/product/999999')).statusCode).toBe(404);
    expect((await get(`/api/files/car/${post.id}`)).statusCode).toBe(400);
    expect((await get('/api/files/product/abc')).statusCode).toBe(400);
  });
});

const setPublished = (postId: number, isPublished: boolean) =>
  t.database.db.update(posts).set({ isPublished }).where(eq(posts.id, postId));

describe('GET /media/{key}', () => {
  it("serves a published post's images as WebP, cacheable by browsers for an hour and by CDNs for minutes", async () => {
    const { images } = await postWithImages(1, true);
    const image = images[0] as ImageDto;
    const url = image.mediumUrl ?? '';
    for (const variant of [image.thumbUrl, url, image.url]) {
      for (const cookie of [undefined, other.cookie, owner.cookie]) {
        const res = await get(variant, cookie);
        expect(res.statusCode, variant).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe(PUBLISHED_MEDIA_CACHE);
        expect(res.headers['cache-control']).not.toMatch(/immutable|31536000/);
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
        expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
      }
    }
    expect(PUBLISHED_MEDIA_CACHE).toBe('public, max-age=3600, s-maxage=300');
    // Revalidation: the key is the ETag, so a cache that holds the file gets a 304 without a body.
    const etag = (await get(url)).headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['cache-control']).toBe(PUBLISHED_MEDIA_CACHE);
  });

  it("answers 404 for an unpublished post's images to everyone but the owner, who gets them privately", async () => {
    const { images } = await postWithImages(1, false);
    const image = images[0] as ImageDto;
    expect(image.mediumUrl).toBeTruthy();
    for (const url of [image.url, image.mediumUrl ?? '', image.thumbUrl]) {
      for (const cookie of [undefined, other.cookie, 'sid=not-a-session']) {
        const res = await get(url, cookie);
        expect(res.statusCode, `${url} ${cookie}`).toBe(404);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.rawPayload.subarray(8, 12).toString()).not.toBe('WEBP');
      }
      const mine = await get(url, owner.cookie);
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['cache-control']).toBe(OWNER_ONLY_MEDIA_CACHE);
      expect(mine.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    }
    // A revalidation is checked like a first request: no 304 for someone who may not see it.
    const etag = (await get(image.url, owner.cookie)).headers.etag as string;
    const stranger = await t.app.inject({
      method: 'GET',
      url: image.url,
      headers: { 'if-none-match': etag, cookie: other.cookie },
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('hides the images as soon as their post is unpublished, and shows them again when it is republished', async () => {
    const { post, images } = await postWithImages(1, true);
    const url = (images[0] as ImageDto).url;
    expect((await get(url)).statusCode).toBe(200);
    await setPublished(post.id, false);
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url, other.cookie)).statusCode).toBe(404);
    expect((await get(url, owner.cookie)).statusCode).toBe(200);
    await setPublished(post.id, true);
    expect((await get(url)).statusCode).toBe(200);
  });

  it("keeps every variant of a post moderation holds back from everyone but its owner and moderators' eyes", async () => {
    const { post, images } = await postWithImages(1, true);
    const image = images[0] as ImageDto;
    const variants = [image.thumbUrl, image.mediumUrl ?? '', image.url];
    for (const url of variants) expect((await get(url)).statusCode, url).toBe(200);
    for (const moderation of ['held', 'removed'] as const) {
      await t.database.db.update(posts).set({ moderation }).where(eq(posts.id, post.id));
      for (const url of variants) {
        for (const cookie of [undefined, other.cookie]) {
          const res = await get(url, cookie);
          expect(res.statusCode, `${moderation} ${url}`).toBe(404);
          expect(res.headers['cache-control']).toBe('no-store');
        }
        const mine = await get(url, owner.cookie);
        expect(mine.statusCode).toBe(200);
        expect(mine.headers['cache-control']).toBe(OWNER_ONLY_MEDIA_CACHE);
      }
    }
  });

  it("looks up the session only for a hidden post's image: visitors and published images cost no session query", async () => {
    const { post, images } = await postWithImages(1, true);
    const url = (images[0] as ImageDto).thumbUrl;
    // A session last seen two hours ago is extended (and its cookie re-sent) when it is looked up, and
    // not answered from the session cache (which the calls above filled).
    const stale = async () =>
      t.database.db.update(sessions).set({ lastSeenAt: sql`now() - interval '2 hours'` });
    await stale();
    t.app.deps.sessionCache.clear();
    const published = await get(url, owner.cookie);
    expect(published.statusCode).toBe(200);
    expect(published.headers['set-cookie']).toBeUndefined();
    await setPublished(post.id, false);
    const draft = await get(url, owner.cookie);
    expect(draft.statusCode).toBe(200);
    expect(String(draft.headers['set-cookie'])).toMatch(/^sid=/);
  });

  it('answers 404 for a missing file, a file no image row points to, and keys that try to leave the media folder', async () => {
    const { images } = await postWithImages(1, true);
    const image = images[0] as ImageDto;
    // The file stays on disk for a while after its row is gone (orphans are swept later): not served.
    await t.database.db.execute(sql`delete from post_images where id = ${image.id}`);
    for (const url of [
      image.url,
      '/media/posts/1/nothing-full.webp',
      '/media/../db/PG_VERSION',
      '/media/%2e%2e/db',
      '/media/',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['x-error-code'], url).toBe('not_found');
    }
  });

  it('serves an image stored before the medium variant existed: no mediumUrl, thumb and full as before', async () => {
    const { post, images } = await postWithImages(1, true);
    const image = images[0] as ImageDto;
    // Such a row has no medium key (migration 0005 added the column empty; decision 018).
    await t.database.db.update(postImages).set({ mediumKey: null }).where(eq(postImages.id, image.id));
    const { mediumUrl, ...old } = image;
    const listed = (await get(`/api/files/service/${post.id}`)).json().images;
    expect(listed).toEqual([old]);
    expect(listed[0]).not.toHaveProperty('mediumUrl');
    expect((await get(`/api/posts/${post.id}`)).json().images).toEqual([old]);
    for (const url of [image.thumbUrl, image.url]) expect((await get(url)).statusCode, url).toBe(200);
    // A file no row names is not served (the sweep removes it).
    expect((await get(mediumUrl ?? '')).statusCode).toBe(404);
  });

  it('serves a file several posts share (the seed does) when any of them is visible', async () => {
    const { images } = await postWithImages(1, true);
    const image = images[0] as ImageDto;
    const draft = await insertPost(t, other.id, { isPublished: false });
    const key = (url: string) => url.replace('/media/', '');
    await t.database.db.insert(postImages).values({
      postId: draft.id,
      position: 0,
      thumbKey: key(image.thumbUrl),
      fullKey: key(image.url),
      width: 1,
      height: 1,
      bytes: 1,
    });
    const res = await get(image.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(PUBLISHED_MEDIA_CACHE);
  });

  it('finds the post of a media key with one query on an index, whichever variant is asked for', async () => {
    for (const key of ['posts/1/abc-thumb.webp', 'posts/1/abc-medium.webp', 'posts/1/abc-full.webp']) {
      const plan = await t.database.db.transaction(async (tx) => {
        // On a near-empty table the planner would rightly scan; forbidding scans shows an index serves it.
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = (await tx.execute(sql`explain ${mediaPostQuery(tx, key)}`)) as unknown as {
          rows: Array<Record<string, string>>;
        };
        return result.rows.map((row) => Object.values(row)[0]).join('\n');
      });
      expect(plan).toMatch(/post_images_thumb_key_idx/);
      expect(plan).toMatch(/post_images_medium_key_idx/);
      expect(plan).toMatch(/post_images_full_key_idx/);
      expect(plan).not.toMatch(/Seq Scan on post_images/);
    }
  });
});

describe('DELETE /api/files/{imageId}', () => {
  it("removes the owner's image, its row and its files, and answers the remaining images", async () => {
    const { post, images } = await postWithImages(2, true);
    const [first, second] = images as [ImageDto, ImageDto];
    const res = await del(`/api/files/${first.id}`, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ images: [second] });
    expect((await get(`/api/files/service/${post.id}`)).json()).toEqual({ images: [second] });
    const variants = (image: ImageDto) => [image.url, image.mediumUrl ?? '', image.thumbUrl];
    for (const url of variants(first)) expect((await get(url)).statusCode, url).toBe(404);
    for (const url of variants(second)) expect((await get(url)).statusCode, url).toBe(200);
    // The files themselves are gone from the storage (a 404 alone would come from the missing row).
    const stored = (url: string) => t.app.deps.storage.get(url.replace(/^\/media\//, ''));
    for (const url of variants(first)) expect(await stored(url), url).toBeNull();
    for (const url of variants(second)) {
      const kept = await stored(url);
      expect(kept, url).not.toBeNull();
      kept?.stream.destroy();
    }
    expect((await del(`/api/files/${first.id}`, owner.cookie)).statusCode).toBe(404);
  });

  it('answers 403 to another user, 401 to a visitor, and keeps the image', async () => {
    const { post, images } = await postWithImages(1, true);
    const image = images[0] as ImageDto;
    expect((await del(`/api/files/${image.id}`, other.cookie)).statusCode).toBe(403);
    expect((await del(`/api/files/${image.id}`)).statusCode).toBe(401);
    expect((await get(`/api/files/service/${post.id}`)).json()).toEqual({ images });
    expect((await get(image.url)).statusCode).toBe(200);
  });

  it("answers 404 to another user for an unpublished post's image, and keeps it", async () => {
    const { post, images } = await postWithImages(1, false);
    const image = images[0] as ImageDto;
    const res = await del(`/api/files/${image.id}`, other.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MSG.postDetail.notFound });
    expect((await get(`/api/files/service/${post.id}`, owner.cookie)).json()).toEqual({ images });
  });

  it('answers 400 for an id that is not a number', async () => {
    const res = await del('/api/files/abc', owner.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A valid image id is required.');
  });
});
