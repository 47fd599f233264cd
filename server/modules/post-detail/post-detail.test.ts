import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostDetail } from '../../../shared/api-types';
import { createUser, type TestUser } from '../../test/factories';
import { insertImage } from '../../test/feed-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertPost } from '../../test/post-factory';

const INDEX_HTML =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>Zim Marketplace</title></head><body><div id="root"></div></body></html>';
const PUBLIC_URL = 'https://market.example.co.zw';

let t: TestApp;
let webDir: string;
let owner: TestUser;
let other: TestUser;
let published: number;
let unpublished: number;
let withImages: number;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'mkt-web-'));
  mkdirSync(webDir, { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  t = await createTestApp({ WEB_DIST: webDir, PUBLIC_URL });
  owner = await createUser(t.app, { name: 'Rudo Chari', phoneNumber: '0773111222' });
  other = await createUser(t.app);
  published = (
    await insertPost(t, owner.id, {
      type: 'service',
      name: 'Tutoring <Maths> & "Science"',
      price: '10',
      city: 'Gweru',
      details: `O and A level lessons at your home. ${'Patient and experienced teacher. '.repeat(10)}`,
    })
  ).id;
  unpublished = (await insertPost(t, owner.id, { name: 'Draft sofa', isPublished: false })).id;
  withImages = (await insertPost(t, owner.id, { name: 'Toyota Hilux 2015', price: '18000' })).id;
  await insertImage(t, withImages, 2, 'side');
  await insertImage(t, withImages, 0, 'front');
  await insertImage(t, withImages, 1, 'back');
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const detail = (id: number | string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: cookie ? { cookie } : {} });

describe('GET /api/posts/{postId}', () => {
  it('returns the post wrapper with its images in position order and the first as cover', async () => {
    const res = await detail(withImages);
    expect(res.statusCode).toBe(200);
    const body: PostDetail = res.json();
    expect(body).toMatchObject({
      id: withImages,
      userName: 'Rudo Chari',
      phoneNumber: '0773111222',
      Service: null,
      Product: {
        id: withImages,
        name: 'Toyota Hilux 2015',
        price: '18000',
        type: 'product',
        isPublished: true,
      },
    });
    expect(body.images.map((i) => i.url)).toEqual(
      ['front', 'back', 'side'].map((name) => `/media/posts/${withImages}/${name}-full.webp`),
    );
    expect(body.cover).toEqual(body.images[0]);
  });

  it('returns an empty image list for a post without images', async () => {
    const body: PostDetail = (await detail(published)).json();
    expect(body.images).toEqual([]);
    expect(body.cover).toBeNull();
    expect(body.Service).toMatchObject({ rate: '10', type: 'service' });
  });

  it('hides an unpublished post from visitors and other users (404) but not from its owner', async () => {
    expect((await detail(unpublished)).statusCode).toBe(404);
    const res = await detail(unpublished, other.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Post data not found' });
    const own = await detail(unpublished, owner.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json().Product).toMatchObject({ name: 'Draft sofa', isPublished: false });
  });

  it('answers 404 for a post that does not exist', async () => {
    expect((await detail(2_000_000_000)).statusCode).toBe(404);
  });

  it.each(['abc', '0', '1.5', '-3', '12abc', '99999999999', '2147483648'])(
    "answers 400 'Invalid post ID' for %s",
    async (id) => {
      const res = await detail(id);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid post ID');
    },
  );
});

const page = (id: number | string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/posts/${id}`, headers: cookie ? { cookie } : {} });
const meta = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`))?.[1];

describe('GET /posts/{postId} (shareable page)', () => {
  it('serves the app shell with Open Graph tags for the post', async () => {
    const res = await page(withImages);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('<div id="root"></div>');
    expect(meta(html, 'og:title')).toBe('Toyota Hilux 2015');
    expect(meta(html, 'og:description')).toBe('$18,000 per item · Harare · Works well, collection only.');
    expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}/media/posts/${withImages}/front-full.webp`);
    expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}/posts/${withImages}`);
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain('<title>Toyota Hilux 2015 · Zim Marketplace</title>');
    // The tags are inside <head>.
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
  });

  it('escapes the post text and shortens the details', async () => {
    const html = (await page(published)).body;
    expect(html).not.toContain('<Maths>');
    expect(meta(html, 'og:title')).toBe('Tutoring &lt;Maths&gt; &amp; &quot;Science&quot;');
    const description = meta(html, 'og:description') ?? '';
    expect(description.startsWith('$10 per hour · Gweru · O and A level lessons at your home.')).toBe(true);
    expect(description.endsWith('…')).toBe(true);
    expect(description.length).toBeLessThan(200);
    expect(meta(html, 'og:image')).toBeUndefined();
    expect(meta(html, 'twitter:card')).toBe('summary');
  });

  it.each([
    ['an unpublished post', () => unpublished],
    ['an unknown post', () => 2_000_000_000],
    ['an invalid id', () => 'abc'],
  ])('serves the plain shell with 404 for %s', async (_what, id) => {
    const res = await page(id());
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-error-code']).toBe('not_found');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('og:title');
  });

  it("keeps $-sequences in the post's text as text (String.replace would expand them)", async () => {
    const id = (await insertPost(t, owner.id, { name: 'Tv $` end', details: "d $' x $& y" })).id;
    const html = (await page(id)).body;
    expect(meta(html, 'og:title')).toBe('Tv $` end');
    expect(meta(html, 'og:description')).toContain('d $&#39; x $&amp; y');
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });

  it('shows the owner their unpublished post with its tags', async () => {
    const res = await page(unpublished, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(meta(res.body, 'og:title')).toBe('Draft sofa');
  });

  it('answers HEAD like GET without a body: 200 for a visible post, 404 for one that is not', async () => {
    const head = (id: number | string, cookie?: string) =>
      t.app.inject({ method: 'HEAD', url: `/posts/${id}`, headers: cookie ? { cookie } : {} });
    for (const [id, cookie, status] of [
      [withImages, undefined, 200],
      [unpublished, owner.cookie, 200],
      [unpublished, undefined, 404],
      [2_000_000_000, undefined, 404],
      ['abc', undefined, 404],
    ] as const) {
      const [get, res] = [await page(id, cookie), await head(id, cookie)];
      expect(res.statusCode, `${id}`).toBe(status);
      expect(get.statusCode, `${id}`).toBe(status);
      expect(res.body).toBe('');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-length']).toBe(get.headers['content-length']);
    }
  });

  it('answers a JSON 404 when the web app is not built', async () => {
    const apiOnly = await createTestApp();
    try {
      const res = await apiOnly.app.inject({ method: 'GET', url: '/posts/1' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
    } finally {
      await apiOnly.close();
    }
  });
});
