import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAssets } from '../../scripts/compress-assets';
import { displayTimeZone, formatPostingDate, setDisplayTimeZone } from '../../shared/format';
import { MSG } from '../../shared/messages';
import { createUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';

const INDEX_HTML = '<!doctype html><html><head><title>Zim Marketplace</title></head><body></body></html>';
const WORKER = `self.addEventListener('fetch', () => {}); // ${'the service worker '.repeat(40)}`;
const MANIFEST = '{"name":"Zim Marketplace","start_url":"/home","display":"standalone"}';
// The build's manifest, as Vite writes it: the entry and three screens, two sharing a chunk the entry
// also loads (common) and one it does not (feed).
const VITE_MANIFEST = {
  'index.html': { file: 'assets/index-AbC123.js', imports: ['_common-C1.js'] },
  '_common-C1.js': { file: 'assets/common-C1.js' },
  '_feed-F1.js': { file: 'assets/feed-F1.js', imports: ['_common-C1.js'] },
  'routes/sign-in.tsx': { file: 'assets/sign-in-S1.js', imports: ['_common-C1.js', 'index.html'] },
  'routes/home.tsx': { file: 'assets/home-H1.js', imports: ['_feed-F1.js', 'index.html'] },
  'routes/moderation.tsx': { file: 'assets/moderation-M1.js', imports: ['index.html'] },
};
const SCRIPT = `export const screens = [${'"a listing card", '.repeat(200)}];\n`;

let t: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'mkt-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  mkdirSync(path.join(webDir, '.vite'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webDir, 'assets', 'index-AbC123.js'), SCRIPT);
  writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(VITE_MANIFEST));
  writeFileSync(path.join(webDir, 'sw.js'), WORKER);
  writeFileSync(path.join(webDir, 'manifest.webmanifest'), MANIFEST);
  await compressAssets(webDir);
  t = await createTestApp({ WEB_DIST: webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const zoneMeta = (zone: string) => `<meta name="display-time-zone" content="${zone}">`;

const modulePreload = (file: string) =>
  `<link rel="modulepreload" fetchpriority="low" crossorigin href="${file}">`;

const preload = (url: string) =>
  `<link rel="preload" href="${url}" as="fetch" crossorigin="use-credentials">`;

const asset = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/assets/index-AbC123.js',
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('the built web app', () => {
  it('sends hashed assets brotli-compressed at build time, cached for good', async () => {
    const res = await asset('gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a browser without brotli, and the file itself to one without either', async () => {
    const gzipped = await asset('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);

    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers 304 to a browser that has the file, and honours a refusal with q=0', async () => {
    const first = await asset('br');
    const again = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'if-none-match': String(first.headers.etag), 'accept-encoding': 'br' },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await asset('br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await asset('br; q=0.5')).headers['content-encoding']).toBe('br');
  });

  it('does not serve the build manifest', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(res.statusCode).toBe(404);
  });

  it('answers app routes with the shell, revalidated on every visit', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/about' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    // Its preloads differ with a session cookie: no cache may give one reader's page to another.
    expect(res.headers.vary).toMatch(/\bCookie\b/);
    expect(res.body).toBe(
      INDEX_HTML.replace('</head>', `${zoneMeta('Asia/Singapore')}${preload('/api/verify-auth')}</head>`),
    );
  });

  it('has the browser start the first API calls of the screen with the page', async () => {
    const page = async (url: string, cookie?: string) =>
      (await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).body;
    expect(await page('/infinite')).toContain(preload('/api/first-payload'));
    expect(await page('/login')).not.toContain(preload('/api/first-payload'));
    // A search or a type on /infinite is /home's list (issue 34): its rolling feed is not fetched.
    expect(await page('/infinite?search=fridge')).not.toContain(preload('/api/first-payload'));
    expect(await page('/infinite?type=service')).not.toContain(preload('/api/first-payload'));
    // One or two letters search nothing (the feed shows), nor does a filter /infinite does not offer.
    expect(await page('/infinite?search=tv&city=Harare')).toContain(preload('/api/first-payload'));
    // /home's list only for a signed-in visitor, and only unfiltered (the URL the app asks for).
    const { cookie } = await createUser(t.app);
    expect(await page('/home')).not.toContain(preload('/api/posts'));
    expect(await page('/home', cookie)).toContain(preload('/api/posts'));
    expect(await page('/home?post=3', cookie)).toContain(preload('/api/posts'));
    expect(await page('/home?city=Harare', cookie)).not.toContain(preload('/api/posts'));
  });

  it('sends a signed-in /home while the database is down: the cookie decides, it is not looked up', async () => {
    const other = await createTestApp({ WEB_DIST: webDir }, { ownDatabase: true });
    try {
      const { cookie } = await createUser(other.app);
      await other.database.close();
      const api = await other.app.inject({ method: 'GET', url: '/api/verify-auth', headers: { cookie } });
      expect(api.statusCode).toBe(503); // the database is indeed gone
      const res = await other.app.inject({ method: 'GET', url: '/home', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(preload('/api/posts'));
      expect(res.body).toContain(modulePreload('/assets/home-H1.js'));
    } finally {
      await other.close().catch(() => {}); // its database is already closed
    }
  });

  it("has the browser fetch the screen's code with the entry's, not after it has run", async () => {
    const page = async (url: string, cookie?: string) =>
      (await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).body;
    const preloads = (html: string) => html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    // The screen's chunk and what it imports that the entry does not load already.
    expect(preloads(await page('/login?next=/home'))).toEqual([modulePreload('/assets/sign-in-S1.js')]);
    const member = await createUser(t.app);
    expect(preloads(await page('/home', member.cookie))).toEqual([
      modulePreload('/assets/home-H1.js'),
      modulePreload('/assets/feed-F1.js'),
    ]);
    // Not a members' or the moderators' screen without a session cookie: a visitor goes to /login.
    expect(preloads(await page('/home'))).toEqual([]);
    expect(preloads(await page('/moderation'))).toEqual([]);
    expect(preloads(await page('/moderation', member.cookie))).toEqual([
      modulePreload('/assets/moderation-M1.js'),
    ]);
    // A screen the build does not list gets none.
    expect(preloads(await page('/about'))).toEqual([]);
  });
});

describe('the display time zone (DISPLAY_TIME_ZONE)', () => {
  it("is the spec's Asia/Singapore by default, in every page and in /api/config", async () => {
    for (const url of ['/', '/infinite', '/posts/999999']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain(zoneMeta('Asia/Singapore'));
    }
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ displayTimeZone: 'Asia/Singapore' });
  });

  it('is the configured zone when set, once in the page, and the server formats in it too', async () => {
    const harare = await createTestApp({ WEB_DIST: webDir, DISPLAY_TIME_ZONE: 'africa/harare' });
    try {
      const page = await harare.app.inject({ method: 'GET', url: '/home' });
      expect(page.body).toContain(zoneMeta('Africa/Harare'));
      expect(page.body.split('name="display-time-zone"')).toHaveLength(2);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      const config = await harare.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json()).toMatchObject({ displayTimeZone: 'Africa/Harare' });
      expect(displayTimeZone()).toBe('Africa/Harare');
      expect(formatPostingDate('2024-03-05T16:30:00.000Z')).toBe('Mar 5, 2024, 6:30 PM');
    } finally {
      await harare.close();
      setDisplayTimeZone('Asia/Singapore');
    }
  });
});

describe('HEAD of app pages', () => {
  it('answers like GET, with the same headers and no body (uptime monitors ask with HEAD)', async () => {
    const { cookie } = await createUser(t.app);
    for (const url of [
      '/',
      '/about',
      '/home',
      '/infinite',
      '/login',
      '/signup',
      '/account',
      '/anything/else',
    ]) {
      for (const headers of [{}, { cookie }]) {
        const get = await t.app.inject({ method: 'GET', url, headers });
        const head = await t.app.inject({ method: 'HEAD', url, headers });
        expect(get.statusCode, url).toBe(200);
        expect(head.statusCode, url).toBe(200);
        expect(head.body, url).toBe('');
        expect(head.headers['content-type'], url).toBe('text/html; charset=utf-8');
        expect(head.headers['cache-control'], url).toBe('no-cache');
        expect(head.headers['content-length'], url).toBe(get.headers['content-length']);
      }
    }
  });

  it('answers hashed assets too, and a JSON 404 for unknown API paths and files', async () => {
    const asset = await t.app.inject({ method: 'HEAD', url: '/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('');
    for (const url of ['/api/nothing-here', '/missing.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['x-error-code'], url).toBe('not_found');
      expect(res.json()).toEqual({ message: MSG.errors.notFound });
      expect((await t.app.inject({ method: 'HEAD', url })).statusCode, url).toBe(404);
    }
  });
});

describe('the installable app (decision 025)', () => {
  const worker = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/sw.js', headers });

  it('sends the service worker revalidated on every visit, at the root scope, with the shell fingerprint', async () => {
    const res = await worker();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBeUndefined();
    expect(res.body.startsWith(WORKER)).toBe(true);
    expect(res.body).toMatch(/\/\/ shell [0-9a-f]{16}\n$/);
    // Same-origin scripts and workers only: the CSP's default-src 'self' covers worker-src and manifest-src.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers a browser that has this version with 304, and gzips for one that asks', async () => {
    const first = await worker();
    const again = await worker({ 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const gzipped = await worker({ 'accept-encoding': 'gzip, br' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(first.body);
  });

  it('changes the worker when the shell changes (another time zone after a restart)', async () => {
    const other = await createTestApp({ WEB_DIST: webDir, DISPLAY_TIME_ZONE: 'Africa/Harare' });
    try {
      const mine = await worker();
      const theirs = await other.app.inject({ method: 'GET', url: '/sw.js' });
      expect(theirs.body).not.toBe(mine.body);
      expect(theirs.headers.etag).not.toBe(mine.headers.etag);
    } finally {
      await other.close();
    }
  });

  it("changes the worker when the shell's headers change (MEDIA_PUBLIC_URL widens img-src)", async () => {
    const other = await createTestApp({ WEB_DIST: webDir, MEDIA_PUBLIC_URL: 'https://cdn.example.com' });
    try {
      const mine = await worker();
      const theirs = await other.app.inject({ method: 'GET', url: '/sw.js' });
      expect(theirs.headers['content-security-policy']).toContain('https://cdn.example.com');
      expect(theirs.headers.etag).not.toBe(mine.headers.etag);
    } finally {
      await other.close();
    }
  });

  it('serves the web app manifest', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(JSON.parse(res.body)).toMatchObject({ start_url: '/home', display: 'standalone' });
  });
});
