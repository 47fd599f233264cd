import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageDto } from '../../../shared/api-types';
import { MSG } from '../../../shared/messages';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { insertPost } from '../../test/post-factory';
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
  const form = multipart([
    { name: 'postId', value: String(post.id) },
    { name: 'type', value: 'service' },
    ...Array.from({ length: count }, () => ({ name: 'images', filename: 'p.jpg', data: photo })),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/files/upload',
    headers: { ...form.headers, cookie: owner.cookie },
    payload: form.payload,
  });
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

describe('GET /media/{key}', () => {
  it('serves stored files as immutable WebP', async () => {
    const { images } = await postWithImages(1, true);
    const res = await get(images[0]?.thumbUrl ?? '');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('answers 404 for a missing file and for keys that try to leave the media folder', async () => {
    for (const url of [
      '/media/posts/1/nothing-full.webp',
      '/media/../db/PG_VERSION',
      '/media/%2e%2e/db',
      '/media/',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
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
    expect((await get(first.url)).statusCode).toBe(404);
    expect((await get(first.thumbUrl)).statusCode).toBe(404);
    expect((await get(second.url)).statusCode).toBe(200);
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
