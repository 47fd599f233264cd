// Contact privacy (issue 32): GET/PUT /api/me/contact-settings, and what every post shape the API
// answers carries as the phone number while a seller's posts do not show it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories';
import { at, rollingCall } from '../../test/feed-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { call } from '../../test/listing-helpers';
import { insertPost } from '../../test/post-factory';

const INDEX_HTML =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>Zim Marketplace</title></head><body><div id="root"></div></body></html>';
const HIDER_PHONE = '0773111222';
const OTHER_PHONE = '0774555666';

let t: TestApp;
let webDir: string;
let hider: TestUser;
let other: TestUser;
let buyer: TestUser;
/** The hider's posts and the other seller's, by id. */
const hiderPosts: number[] = [];
const otherPosts: number[] = [];

beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'mkt-web-'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  t = await createTestApp({ WEB_DIST: webDir, PUBLIC_URL: 'https://market.example.co.zw' });
  hider = await createUser(t.app, { name: 'Rudo Chari', phoneNumber: HIDER_PHONE });
  other = await createUser(t.app, { name: 'Farai Moyo', phoneNumber: OTHER_PHONE });
  buyer = await createUser(t.app, { name: 'Tariro Buyer', phoneNumber: '0712000000' });
  // Every name has 'fridge', so one search finds all four; a product and a service each, for both feeds.
  hiderPosts.push(
    (await insertPost(t, hider.id, { name: 'Samsung fridge', publishedAt: at(10) })).id,
    (await insertPost(t, hider.id, { type: 'service', name: 'Fridge repairs', publishedAt: at(20) })).id,
  );
  otherPosts.push(
    (await insertPost(t, other.id, { name: 'LG fridge', publishedAt: at(30) })).id,
    (await insertPost(t, other.id, { type: 'service', name: 'Fridge gas refill', publishedAt: at(40) })).id,
  );
  for (const id of [...hiderPosts, ...otherPosts]) {
    expect((await call(t, 'PUT', `/api/favourites/${id}`, buyer.cookie)).statusCode).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const getSettings = (user?: TestUser) => call(t, 'GET', '/api/me/contact-settings', user?.cookie);
const putSettings = (user: TestUser | undefined, body: unknown) =>
  call(t, 'PUT', '/api/me/contact-settings', user?.cookie, body);

type Seen = { id: number; phoneNumber: string };

/** GET `url` as `viewer` and the posts of its answer (`posts`, or the answer itself for one post). */
async function postsOf(url: string, viewer?: TestUser): Promise<Seen[]> {
  const res = await call(t, 'GET', url, viewer?.cookie);
  expect(res.statusCode, url).toBe(200);
  const body = res.json();
  return 'posts' in body ? body.posts : [body];
}

async function rollingPosts(kind: 'products' | 'services'): Promise<Seen[]> {
  const res = await rollingCall(t, kind);
  expect(res.statusCode).toBe(200);
  return res.json().posts;
}

/**
 * Every post shape a buyer or visitor reads, by name: the /home list in each of its queries (newest,
 * a filter, the ranked search, a search newest first, the price order), first-payload and both rolling
 * feeds, each post's detail, both seller pages and the buyer's saved list.
 */
async function everyShape(): Promise<Record<string, Seen[]>> {
  const all = [...hiderPosts, ...otherPosts];
  const details = await Promise.all(all.map((id) => postsOf(`/api/posts/${id}`, buyer)));
  return {
    list: await postsOf('/api/posts'),
    filtered: await postsOf('/api/posts?type=product&city=Harare'),
    ranked: await postsOf('/api/posts?search=fridge'),
    searchNewest: await postsOf('/api/posts?search=fridge&sort=newest'),
    byPrice: await postsOf('/api/posts?sort=price_asc&currency=USD'),
    firstPayload: await postsOf('/api/first-payload'),
    rollingProducts: await rollingPosts('products'),
    rollingServices: await rollingPosts('services'),
    detail: details.flat(),
    hiderPage: await postsOf(`/api/users/${hider.id}/profile`),
    otherPage: await postsOf(`/api/users/${other.id}/profile`),
    saved: await postsOf('/api/favourites', buyer),
  };
}

/** Asserts each shape lists the posts it should, the hider's with `hiderPhone` and the other's with theirs. */
async function expectPhones(hiderPhone: string) {
  const shapes = await everyShape();
  const expected = (id: number) => (hiderPosts.includes(id) ? hiderPhone : OTHER_PHONE);
  for (const [shape, posts] of Object.entries(shapes)) {
    const ids = posts.map((post) => post.id);
    // A shape that listed nothing would pass vacuously: each must hold the posts it is meant to.
    const wanted =
      shape === 'hiderPage'
        ? hiderPosts
        : shape === 'otherPage'
          ? otherPosts
          : shape === 'filtered' || shape === 'rollingProducts'
            ? [hiderPosts[0], otherPosts[0]]
            : shape === 'rollingServices'
              ? [hiderPosts[1], otherPosts[1]]
              : [...hiderPosts, ...otherPosts];
    expect(ids.sort(), shape).toEqual([...wanted].sort());
    for (const post of posts) expect(post.phoneNumber, `${shape} post ${post.id}`).toBe(expected(post.id));
  }
}

describe('GET and PUT /api/me/contact-settings', () => {
  it('shows the number by default', async () => {
    const res = await getSettings(hider);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({ showPhoneOnPosts: true });
    await expectPhones(HIDER_PHONE);
  });

  it('off: every post shape answers no number for that seller, while another seller keeps theirs', async () => {
    // Read once more just before the change: the feed caches (one second) now hold the numbers, and
    // the change must clear them.
    await expectPhones(HIDER_PHONE);
    const res = await putSettings(hider, { showPhoneOnPosts: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ showPhoneOnPosts: false });
    expect((await getSettings(hider)).json()).toEqual({ showPhoneOnPosts: false });
    // Only the hider's setting changed.
    expect((await getSettings(other)).json()).toEqual({ showPhoneOnPosts: true });
    await expectPhones('');
  });

  it('off: the shared post page carries no number either', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/posts/${hiderPosts[0]}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('og:title');
    expect(res.body.replace(/\D/g, '')).not.toContain(HIDER_PHONE.slice(1));
  });

  it("off: the owner's detail shows what buyers see, their own dashboard keeps their number", async () => {
    const [own] = await postsOf(`/api/posts/${hiderPosts[0]}`, hider);
    expect(own?.phoneNumber).toBe('');
    const mine = await postsOf(`/api/my-created-posts?userId=${hider.id}`, hider);
    expect(mine.map((post) => post.id).sort()).toEqual([...hiderPosts].sort());
    for (const post of mine) expect(post.phoneNumber).toBe(HIDER_PHONE);
  });

  it('on again: the number comes back everywhere', async () => {
    const res = await putSettings(hider, { showPhoneOnPosts: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ showPhoneOnPosts: true });
    await expectPhones(HIDER_PHONE);
  });

  it('is 401 for visitors, reading or writing', async () => {
    expect((await getSettings()).statusCode).toBe(401);
    expect((await putSettings(undefined, { showPhoneOnPosts: false })).statusCode).toBe(401);
    await expectPhones(HIDER_PHONE);
  });

  it('is 400 for anything but true or false, and changes nothing', async () => {
    for (const body of [
      { showPhoneOnPosts: 'false' },
      { showPhoneOnPosts: 0 },
      { showPhoneOnPosts: null },
      {},
    ]) {
      const res = await putSettings(hider, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors?.showPhoneOnPosts, JSON.stringify(body)).toBeTruthy();
    }
    expect((await getSettings(hider)).json()).toEqual({ showPhoneOnPosts: true });
  });
});
