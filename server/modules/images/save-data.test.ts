// GET /media/{key} under the Save-Data client hint (decision 026): a `full` request answers the
// `medium` variant (or `thumb` for images stored before medium existed), with Vary: Save-Data; other
// variants and requests without the hint are answered as before.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageDto } from '../../../shared/api-types';
import { postImages } from '../../db/schema';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { uploadParts } from '../../test/multipart';
import { insertPost } from '../../test/post-factory';
import { jpeg } from './test-images';

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

async function publishedImage(): Promise<ImageDto> {
  const post = await insertPost(t, owner.id, { isPublished: true, type: 'product' });
  const res = await uploadParts(t.app, owner.cookie, [
    { name: 'postId', value: String(post.id) },
    { name: 'type', value: 'product' },
    { name: 'images', filename: 'p.jpg', data: await jpeg(2000, 1500) },
  ]);
  expect(res.statusCode).toBe(201);
  return res.json().images[0];
}

describe('GET /media/{key} with Save-Data', () => {
  it('answers a full request with the medium variant, and says the answer varies with Save-Data', async () => {
    const image = await publishedImage();
    const full = await get(image.url);
    const medium = await get(image.mediumUrl ?? '');
    expect(full.rawPayload.length).toBeGreaterThan(medium.rawPayload.length);
    expect(full.headers.vary).toContain('Save-Data');

    for (const hint of ['on', 'On', ' on ']) {
      const saved = await get(image.url, { 'save-data': hint });
      expect(saved.statusCode).toBe(200);
      expect(saved.rawPayload.equals(medium.rawPayload)).toBe(true);
      expect(saved.headers.vary).toContain('Save-Data');
      expect(saved.headers.etag).toBe(medium.headers.etag);
      expect(saved.headers['content-length']).toBe(String(medium.rawPayload.length));
      // Not for shared caches: one that ignores Vary would hand the smaller image to everyone.
      expect(saved.headers['cache-control']).toBe('private, max-age=3600');
      // Revalidating the saved answer is a 304 on its own tag.
      const again = await get(image.url, { 'save-data': 'on', 'if-none-match': String(saved.headers.etag) });
      expect(again.statusCode).toBe(304);
    }
    expect(full.headers['cache-control']).toBe('public, max-age=3600, s-maxage=300');
    // Anything but `on` is no hint.
    expect((await get(image.url, { 'save-data': 'off' })).rawPayload.equals(full.rawPayload)).toBe(true);
  });

  it('leaves thumb and medium requests as they are, without Vary', async () => {
    const image = await publishedImage();
    for (const url of [image.thumbUrl, image.mediumUrl ?? '']) {
      const plain = await get(url);
      const saved = await get(url, { 'save-data': 'on' });
      expect(saved.rawPayload.equals(plain.rawPayload)).toBe(true);
      expect(saved.headers.vary ?? '').not.toContain('Save-Data');
    }
  });

  it('answers thumb for an image stored before the medium variant existed', async () => {
    const image = await publishedImage();
    await t.database.db.update(postImages).set({ mediumKey: null }).where(eq(postImages.id, image.id));
    const thumb = await get(image.thumbUrl);
    const saved = await get(image.url, { 'save-data': 'on' });
    expect(saved.rawPayload.equals(thumb.rawPayload)).toBe(true);
  });
});
