// MEDIA_PUBLIC_URL (decision 024): browsers load images straight from the bucket (or a CDN), so image
// URLs point there, the page's CSP lets them load, and a draft's images stay private because their
// unguessable keys are only ever given to those who may see the post. A file of its own: the URL base
// is set once per process, as in production.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ImageDto } from '../../../shared/api-types';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { uploadParts } from '../../test/multipart';
import { insertPost } from '../../test/post-factory';
import { startTestS3, type TestS3 } from '../../test/s3-server';
import { PUBLISHED_MEDIA_CACHE } from './media-routes';
import { jpeg } from './test-images';

let s3: TestS3;
let t: TestApp;
let webDir: string;
let owner: TestUser;
let other: TestUser;
beforeAll(async () => {
  s3 = await startTestS3();
  webDir = mkdtempSync(path.join(os.tmpdir(), 'mkt-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  // A trailing slash is dropped: URLs are the base, '/', the key.
  t = await createTestApp({ ...s3.env, MEDIA_PUBLIC_URL: `${s3.bucketUrl}/`, WEB_DIST: webDir });
  owner = await createUser(t.app);
  other = await createUser(t.app);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const variants = (image: ImageDto) => [image.thumbUrl, image.mediumUrl ?? '', image.url];

async function postWithImage(isPublished: boolean) {
  const post = await insertPost(t, owner.id, { isPublished, type: 'service' });
  const res = await uploadParts(t.app, owner.cookie, [
    { name: 'postId', value: String(post.id) },
    { name: 'type', value: 'service' },
    { name: 'images', filename: 'p.jpg', data: await jpeg(640, 480) },
  ]);
  expect(res.statusCode).toBe(201);
  return { post, image: res.json().images[0] as ImageDto };
}

it('gives image URLs under MEDIA_PUBLIC_URL, which browsers load from the bucket directly', async () => {
  const { post, image } = await postWithImage(true);
  for (const url of variants(image)) {
    expect(url).toMatch(
      new RegExp(`^${s3.bucketUrl}/posts/${post.id}/[0-9a-f]{24}-(thumb|medium|full)\\.webp$`),
    );
    const res = await fetch(url);
    expect(res.status, url).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe(PUBLISHED_MEDIA_CACHE);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(8, 12)
        .toString(),
    ).toBe('WEBP');
  }
  // Every place a post's images are listed uses the same URLs.
  expect((await get(`/api/posts/${post.id}`)).json().images).toEqual([image]);
  expect((await get(`/api/files/service/${post.id}`)).json().images).toEqual([image]);
  // The shareable page's preview image is that absolute URL as it is.
  const page = await get(`/posts/${post.id}`);
  expect(page.body).toContain(`<meta property="og:image" content="${image.url}" />`);
});

it("lets pages load images from MEDIA_PUBLIC_URL's origin and no other", async () => {
  const csp = String((await get('/login')).headers['content-security-policy']);
  const imgSrc = csp.split(';').find((directive) => directive.trim().startsWith('img-src'));
  expect(imgSrc?.trim()).toBe(`img-src 'self' data: blob: ${s3.endpoint}`);
});

it("gives a draft's image URLs to its owner only: the key is what keeps it private", async () => {
  const { post, image } = await postWithImage(false);
  expect((await get(`/api/files/service/${post.id}`, owner.cookie)).json().images).toEqual([image]);
  for (const cookie of [undefined, other.cookie]) {
    const listed = await get(`/api/files/service/${post.id}`, cookie);
    expect(listed.statusCode).toBe(404);
    expect(listed.body).not.toContain(image.url.split('/').pop()?.slice(0, 24));
  }
  // The app's own /media keeps the visibility rule for anyone who asks it.
  const key = image.url.slice(s3.bucketUrl.length + 1);
  expect((await get(`/media/${key}`)).statusCode).toBe(404);
  expect((await get(`/media/${key}`, owner.cookie)).statusCode).toBe(200);
});
