import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SellerPage } from '../../../shared/api-types';
import { createUser, type TestUser } from '../../test/factories';
import { at, insertImage, insertPosts, selectRows } from '../../test/feed-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { call } from '../../test/listing-helpers';
import { insertPost } from '../../test/post-factory';
import { createModerator, TRUST_ENV } from '../../test/trust-helpers';

const INDEX_HTML =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>Zim Marketplace</title></head><body><div id="root"></div></body></html>';
const PUBLIC_URL = 'https://market.example.co.zw';

let t: TestApp;
let webDir: string;
let seller: TestUser;
let other: TestUser;
let moderator: TestUser;
const ids: Record<string, number> = {};

beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'mkt-web-'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  t = await createTestApp({ ...TRUST_ENV, WEB_DIST: webDir, PUBLIC_URL });
  moderator = await createModerator(t);
  seller = await createUser(t.app, {
    name: 'Rudo <b>Chari</b> & "Sons"',
    email: 'rudo.seller@example.co.zw',
    phoneNumber: '0773111222',
  });
  other = await createUser(t.app, { name: 'Farai Moyo' });
  ids.fridge = (await insertPost(t, seller.id, { name: 'Samsung fridge', publishedAt: at(10) })).id;
  ids.plumber = (
    await insertPost(t, seller.id, { type: 'service', name: 'Plumbing', price: '20', publishedAt: at(30) })
  ).id;
  ids.bike = (await insertPost(t, seller.id, { name: 'Mountain bike', publishedAt: at(20) })).id;
  await insertImage(t, ids.bike, 0, 'front');
  ids.draft = (await insertPost(t, seller.id, { name: 'Draft sofa', isPublished: false })).id;
  // Published once, then taken down by its owner: published_at stays, is_published goes.
  ids.unpublished = (
    await insertPost(t, seller.id, { name: 'Old table', isPublished: false, publishedAt: at(40) })
  ).id;
  ids.hidden = (await insertPost(t, seller.id, { name: 'Reported phone', publishedAt: at(50) })).id;
  const hide = await call(t, 'POST', `/api/moderation/posts/${ids.hidden}/hide`, moderator.cookie, {});
  expect(hide.statusCode).toBe(200);
  ids.othersPost = (await insertPost(t, other.id, { name: "Someone else's bed", publishedAt: at(60) })).id;
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const profile = (id: number | string, query = '', cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/users/${id}/profile${query}`,
    headers: cookie ? { cookie } : {},
  });
const idsOf = (page: SellerPage) => page.posts.map((p) => p.id);

describe('GET /api/users/{userId}/profile', () => {
  it("answers a visitor with the seller's name, join date, count and listed posts newest first", async () => {
    const res = await profile(seller.id);
    expect(res.statusCode).toBe(200);
    const body: SellerPage = res.json();
    expect(Object.keys(body).sort()).toEqual(
      ['id', 'memberSince', 'name', 'nextCursor', 'postCount', 'posts'].sort(),
    );
    expect(body).toMatchObject({ id: seller.id, name: seller.name, postCount: 3, nextCursor: null });
    expect(new Date(body.memberSince).toISOString()).toBe(body.memberSince);
    expect(idsOf(body)).toEqual([ids.plumber, ids.bike, ids.fridge]);
    // The feeds' post wrapper, with the cover and the contact number it already shows publicly.
    expect(body.posts[1]).toMatchObject({
      id: ids.bike,
      userName: seller.name,
      phoneNumber: '0773111222',
      Product: { name: 'Mountain bike', userId: seller.id },
      cover: { url: `/media/posts/${ids.bike}/front-full.webp` },
    });
  });

  it('never shows the email or phone number at the top level', async () => {
    const res = await profile(seller.id);
    const top = { ...res.json(), posts: undefined };
    expect(JSON.stringify(top)).not.toContain('rudo.seller');
    expect(JSON.stringify(top)).not.toContain('0773111222');
    expect(top).not.toHaveProperty('email');
    expect(top).not.toHaveProperty('phoneNumber');
  });

  it('leaves out drafts, unpublished and moderation-hidden posts, even for the owner and moderators', async () => {
    for (const cookie of [undefined, seller.cookie, moderator.cookie]) {
      const body: SellerPage = (await profile(seller.id, '', cookie)).json();
      expect(idsOf(body)).toEqual([ids.plumber, ids.bike, ids.fridge]);
      expect(body.postCount).toBe(3);
    }
  });

  it('answers a seller without listed posts with an empty page, and an account that never published with 404', async () => {
    // The moderator has never published: no seller page (a walk over ids must not list every account).
    const buyer = await profile(moderator.id);
    expect(buyer.statusCode).toBe(404);
    expect(buyer.json().message).toBe('User not found');

    const former = await createUser(t.app, { name: 'Former Seller' });
    await insertPost(t, former.id, { name: 'Sold long ago', isPublished: false, publishedAt: at(5) });
    const body: SellerPage = (await profile(former.id)).json();
    expect(body).toMatchObject({ id: former.id, postCount: 0, posts: [], nextCursor: null });
  });

  it("is a 404 'User not found' for an unknown or suspended account", async () => {
    const unknown = await profile(2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'User not found' });

    const banned = await createUser(t.app, { name: 'Spammer' });
    await insertPost(t, banned.id, { name: 'Too good to be true' });
    expect((await profile(banned.id)).statusCode).toBe(200);
    const suspend = await call(t, 'POST', `/api/moderation/users/${banned.id}/suspend`, moderator.cookie, {});
    expect(suspend.statusCode).toBe(200);
    for (const cookie of [undefined, moderator.cookie]) {
      const res = await profile(banned.id, '', cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('User not found');
    }
  });

  it.each(['abc', '0', '-1', '007', '1.5', '99999999999'])("is a 400 for the id '%s'", async (id) => {
    const res = await profile(id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid user id');
  });

  it.each([
    'not-a-cursor',
    'x'.repeat(101),
    Buffer.from('0000-01-01T00:00:00.000000Z_1').toString('base64url'),
  ])('is a 400 for a cursor the server did not make', async (cursor) => {
    const res = await profile(seller.id, `?cursor=${cursor}`);
    expect(res.statusCode).toBe(400);
  });
});

describe('paging', () => {
  it('visits every listed post once, in order, while the seller publishes during the walk', async () => {
    const fresh = await createTestApp();
    try {
      const user = await createUser(fresh.app);
      const someoneElse = await createUser(fresh.app);
      await insertPosts(
        fresh,
        user.id,
        Array.from({ length: 30 }, (_, i) => ({
          type: i % 3 === 0 ? ('service' as const) : ('product' as const),
          isPublished: i % 7 !== 3,
          publishedAt: i % 7 === 3 ? null : at(Math.floor(i / 4)),
        })),
      );
      await insertPosts(fresh, someoneElse.id, [{ publishedAt: at(1) }, { publishedAt: at(5) }]);
      // Microsecond-apart times within one millisecond: the cursor must keep them apart.
      await fresh.database.db.execute(
        sql`update posts set published_at = published_at + (id % 4) * interval '1 microsecond' where is_published`,
      );
      const ordered = await selectRows<{ id: number }>(
        fresh,
        sql`select id from posts where is_published and user_id = ${user.id} order by published_at desc, id desc`,
      );
      const expected = ordered.map((r) => r.id);
      expect(expected).toHaveLength(26);

      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = cursor ? `?cursor=${cursor}` : '';
        const res = await fresh.app.inject({ method: 'GET', url: `/api/users/${user.id}/profile${query}` });
        expect(res.statusCode).toBe(200);
        const body: SellerPage = res.json();
        expect(body.posts.length).toBeLessThanOrEqual(12);
        seen.push(...idsOf(body));
        cursor = body.nextCursor;
        pages += 1;
        await insertPost(fresh, user.id, { name: 'Published during the walk' });
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual(expected);
      expect(new Set(seen).size).toBe(seen.length);
    } finally {
      await fresh.close();
    }
  });
});

const page = (id: number | string) => t.app.inject({ method: 'GET', url: `/users/${id}` });
const meta = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`))?.[1];

describe('GET /users/{userId} (shareable seller page)', () => {
  it("serves the app shell with the seller's Open Graph tags, escaped", async () => {
    const res = await page(seller.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('<b>Chari</b>');
    const escapedName = 'Rudo &lt;b&gt;Chari&lt;/b&gt; &amp; &quot;Sons&quot;';
    expect(meta(html, 'og:title')).toBe(`${escapedName} on Zim Marketplace`);
    expect(meta(html, 'og:description')).toMatch(/^3 posts · Member since [A-Z][a-z]{2} \d{4}$/);
    expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}/users/${seller.id}`);
    expect(meta(html, 'twitter:card')).toBe('summary');
    expect(html).toContain(`<title>${escapedName} · Zim Marketplace</title>`);
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
    expect(html).not.toContain('rudo.seller');
    expect(html).not.toContain('0773111222');
  });

  it("says '1 post' for a seller with one", async () => {
    const one = await createUser(t.app, { name: 'Tendai' });
    await insertPost(t, one.id);
    expect(meta((await page(one.id)).body, 'og:description')).toMatch(/^1 post · Member since/);
  });

  it.each([
    ['an unknown user', () => 2_000_000_000],
    ['an invalid id', () => 'abc'],
  ])('serves the plain shell with 404 for %s', async (_what, id) => {
    const res = await page(id());
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-error-code']).toBe('not_found');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('og:title');
  });

  it('answers HEAD like GET without a body', async () => {
    for (const [id, status] of [
      [seller.id, 200],
      ['abc', 404],
    ] as const) {
      const [get, head] = [await page(id), await t.app.inject({ method: 'HEAD', url: `/users/${id}` })];
      expect(head.statusCode).toBe(status);
      expect(get.statusCode).toBe(status);
      expect(head.body).toBe('');
      expect(head.headers['content-length']).toBe(get.headers['content-length']);
    }
  });
});
