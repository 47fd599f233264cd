// Favourites (issue 14) through the real app and database: idempotent saves, who may save what, the
// newest-saved-first pages, posts dropping out when they stop being public, the delete cascade and
// the per-user write limit.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FavouritesPage, PostWrapper } from '../../../shared/api-types';
import { favourites, postImages, posts } from '../../db/schema';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { call } from '../../test/listing-helpers';
import { insertPost } from '../../test/post-factory';
import { createModerator, TRUST_ENV } from '../../test/trust-helpers';

const LIMIT = 30;
type SavedPost = FavouritesPage['posts'][number];

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let moderator: TestUser;
beforeAll(async () => {
  t = await createTestApp({
    ...TRUST_ENV,
    SIGNUPS_PER_IP: '100',
    LOGIN_ATTEMPTS_PER_IP: '1000',
    FAVOURITES_PER_HOUR: String(LIMIT),
  });
  seller = await createUser(t.app, { name: 'Seller Moyo' });
  buyer = await createUser(t.app, { name: 'Buyer Dube' });
  moderator = await createModerator(t);
});
afterAll(() => t.close());

const save = (postId: number | string, user?: TestUser) =>
  call(t, 'PUT', `/api/favourites/${postId}`, user?.cookie);
const unsave = (postId: number | string, user?: TestUser) =>
  call(t, 'DELETE', `/api/favourites/${postId}`, user?.cookie);

async function page(user: TestUser, cursor?: string) {
  const res = await call(t, 'GET', `/api/favourites${cursor ? `?cursor=${cursor}` : ''}`, user.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { posts: PostWrapper[]; nextCursor: string | null };
}
const savedIds = async (user: TestUser) => (await page(user)).posts.map((p) => p.id);

async function rowsOf(userId: number, postId: number) {
  const rows = await t.database.db
    .select()
    .from(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.postId, postId)));
  return rows.length;
}

describe('PUT and DELETE /api/favourites/{postId}', () => {
  it('saves once however often it is asked, and unsaves the same way', async () => {
    const post = await insertPost(t, seller.id);
    for (let i = 0; i < 2; i++) {
      const res = await save(post.id, buyer);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ postId: post.id, saved: true });
    }
    expect(await rowsOf(buyer.id, post.id)).toBe(1);
    expect(await savedIds(buyer)).toContain(post.id);

    for (let i = 0; i < 2; i++) {
      const res = await unsave(post.id, buyer);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ postId: post.id, saved: false });
    }
    expect(await rowsOf(buyer.id, post.id)).toBe(0);
    expect(await savedIds(buyer)).not.toContain(post.id);
  });

  it('answers 401 to a visitor and to a forged session, and changes nothing', async () => {
    const post = await insertPost(t, seller.id);
    const forged = { cookie: 'sid=not-a-real-session-token' } as TestUser;
    for (const who of [undefined, forged]) {
      expect((await save(post.id, who)).statusCode).toBe(401);
      expect((await unsave(post.id, who)).statusCode).toBe(401);
      expect((await call(t, 'GET', '/api/favourites', who?.cookie)).statusCode).toBe(401);
      expect(
        (await call(t, 'GET', `/api/favourites/status?postIds=${post.id}`, who?.cookie)).statusCode,
      ).toBe(401);
    }
    expect(await rowsOf(buyer.id, post.id)).toBe(0);
  });

  it("answers 404 for someone else's draft, a hidden post and an unknown id; 400 for a bad id", async () => {
    const draft = await insertPost(t, seller.id, { isPublished: false });
    const hidden = await insertPost(t, seller.id);
    expect(
      (await call(t, 'POST', `/api/moderation/posts/${hidden.id}/hide`, moderator.cookie)).statusCode,
    ).toBe(200);
    for (const id of [draft.id, hidden.id, 99_999_999]) {
      const res = await save(id, buyer);
      expect(res.statusCode, String(id)).toBe(404);
      expect(await rowsOf(buyer.id, id)).toBe(0);
    }
    for (const bad of ['abc', '0', '1.5', '-3', '99999999999']) {
      expect((await save(bad, buyer)).statusCode, bad).toBe(400);
      expect((await unsave(bad, buyer)).statusCode, bad).toBe(400);
    }
    expect((await call(t, 'GET', '/api/favourites?cursor=nonsense', buyer.cookie)).statusCode).toBe(400);
  });

  it('tells which of the asked posts are saved', async () => {
    const user = await createUser(t.app, { name: 'Status Check' });
    const [a, b] = [await insertPost(t, seller.id), await insertPost(t, seller.id)];
    await save(a.id, user);
    const res = await call(t, 'GET', `/api/favourites/status?postIds=${a.id},${b.id}`, user.cookie);
    expect(res.json()).toEqual({ postIds: [a.id] });
    expect((await call(t, 'GET', '/api/favourites/status?postIds=x', user.cookie)).statusCode).toBe(400);
  });

  it(`refuses saves past ${LIMIT} an hour with 429, while another user still saves`, async () => {
    const busy = await createUser(t.app, { name: 'Busy Saver' });
    const post = await insertPost(t, seller.id);
    for (let i = 0; i < LIMIT; i++) expect((await save(post.id, busy)).statusCode).toBe(200);
    const refused = await save(post.id, busy);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^You're doing that too often/);
    expect((await save(post.id, buyer)).statusCode).toBe(200);
  });
});

describe('GET /api/favourites', () => {
  it('pages newest saved first in the /api/posts wrapper, exactly, while new saves happen', async () => {
    const user = await createUser(t.app, { name: 'Pager Saver' });
    const older = [];
    for (let i = 0; i < 15; i++) older.push(await insertPost(t, seller.id, { name: `Saved item ${i}` }));
    // Saved in reverse order of creation: the list follows the saves, not the posts' own dates.
    for (const post of [...older].reverse()) await save(post.id, user);
    const expected = older.map((p) => p.id);

    const first = await page(user);
    expect(first.posts).toHaveLength(12);
    expect(first.posts.map((p) => p.id)).toEqual(expected.slice(0, 12));
    expect(first.posts[0]).toMatchObject({
      id: older[0]?.id,
      userName: 'Seller Moyo',
      Product: { name: 'Saved item 0', type: 'product' },
      Service: null,
      cover: null,
    });
    expect(first.nextCursor).toEqual(expect.any(String));

    const fresh = [await insertPost(t, seller.id), await insertPost(t, seller.id)];
    for (const post of fresh) await save(post.id, user);
    await save(older[14]?.id ?? 0, user); // saved again: keeps its place

    const second = await page(user, first.nextCursor ?? '');
    expect(second.posts.map((p) => p.id)).toEqual(expected.slice(12));
    expect(second.nextCursor).toBeNull();
    expect(await savedIds(user)).toEqual([fresh[1]?.id, fresh[0]?.id, ...expected].slice(0, 12));
  });

  it('keeps saved posts that sold, expired or went out of sight, marked, without contact (issue 34)', async () => {
    const user = await createUser(t.app, { name: 'Watcher' });
    const unpublished = await insertPost(t, seller.id);
    const hidden = await insertPost(t, seller.id, { name: 'Hidden radio', details: 'Secret details' });
    await t.database.db.insert(postImages).values({
      postId: hidden.id,
      position: 0,
      thumbKey: 'hidden-thumb.webp',
      fullKey: 'hidden-full.webp',
      width: 480,
      height: 360,
      bytes: 100,
    });
    const sold = await insertPost(t, seller.id, { name: 'Sold fridge' });
    const expired = await insertPost(t, seller.id, { name: 'Old sofa' });
    const kept = await insertPost(t, seller.id);
    const shady = await createUser(t.app, { name: 'Shady Seller' });
    const shadyPost = await insertPost(t, shady.id);
    const all = [unpublished, hidden, sold, expired, shadyPost, kept];
    for (const post of all) await save(post.id, user);
    const newestFirst = [...all].reverse().map((p) => p.id);
    expect(await savedIds(user)).toEqual(newestFirst);
    const toggle = (isPublished: boolean) =>
      call(t, 'PUT', '/api/publish-manager', seller.cookie, {
        id: unpublished.id,
        type: 'product',
        isPublished,
      });
    expect((await toggle(false)).statusCode).toBe(200);
    expect(
      (await call(t, 'POST', `/api/moderation/posts/${hidden.id}/hide`, moderator.cookie)).statusCode,
    ).toBe(200);
    expect(
      (await call(t, 'POST', `/api/moderation/users/${shady.id}/suspend`, moderator.cookie)).statusCode,
    ).toBe(200);
    expect(
      (await call(t, 'PUT', `/api/posts/${sold.id}/status`, seller.cookie, { status: 'sold' })).statusCode,
    ).toBe(200);
    await t.database.db
      .update(posts)
      // Past the test apps' POST_EXPIRY_DAYS (100 years).
      .set({ publishedAt: new Date('1900-01-01T00:00:00Z') })
      .where(eq(posts.id, expired.id));

    const listed = (await page(user)).posts as SavedPost[];
    // Still there, in the order they were saved, each marked with what happened to it.
    expect(listed.map((p) => p.id)).toEqual(newestFirst);
    const byId = new Map(listed.map((p) => [p.id, p]));
    expect(byId.get(kept.id)).toMatchObject({ availability: 'listed', phoneNumber: '0771234567' });
    expect(byId.get(sold.id)).toMatchObject({ availability: 'sold', phoneNumber: '' });
    expect(byId.get(sold.id)?.Product).toMatchObject({ name: 'Sold fridge', status: 'sold' });
    expect(byId.get(expired.id)).toMatchObject({ availability: 'expired', phoneNumber: '' });
    for (const gone of [unpublished, hidden, shadyPost]) {
      const entry = byId.get(gone.id);
      expect(entry?.availability, String(gone.id)).toBe('unavailable');
      // Its name and nothing more: no contact, details, price, place or image the saver may not open.
      expect(entry).toMatchObject({ phoneNumber: '', cover: null, safetyWarning: null });
      expect(entry?.Product).toMatchObject({ details: '', paymentMethods: '', location: '', price: '' });
    }
    expect(byId.get(hidden.id)?.Product?.name).toBe('Hidden radio');
    expect(JSON.stringify(listed)).not.toContain('Secret details');
    expect(JSON.stringify(listed)).not.toContain('hidden-thumb');

    // The status call does not tell a hidden post from a deleted one; it is private.
    const status = await call(
      t,
      'GET',
      `/api/favourites/status?postIds=${all.map((p) => p.id).join(',')}`,
      user.cookie,
    );
    expect(status.json().postIds.sort()).toEqual([sold.id, expired.id, kept.id].sort());
    expect(status.headers['cache-control']).toBe('private, no-store');
    // Removing a post that went out of sight works; one that comes back is listed again.
    expect((await unsave(hidden.id, user)).statusCode).toBe(200);
    expect((await toggle(true)).statusCode).toBe(200);
    const after = (await page(user)).posts as SavedPost[];
    expect(after.map((p) => p.id)).not.toContain(hidden.id);
    expect(after.find((p) => p.id === unpublished.id)?.availability).toBe('listed');
  });

  it('loses the saves of a deleted post with it', async () => {
    const post = await insertPost(t, seller.id);
    await save(post.id, buyer);
    expect(await rowsOf(buyer.id, post.id)).toBe(1);
    expect((await call(t, 'DELETE', `/api/posts/${post.id}`, seller.cookie)).statusCode).toBe(200);
    expect(await rowsOf(buyer.id, post.id)).toBe(0);
    expect(await savedIds(buyer)).not.toContain(post.id);
  });
});
