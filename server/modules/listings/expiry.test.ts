// Expiry and renewal (issue 14): a published post not renewed for POST_EXPIRY_DAYS (60) leaves the
// feeds, search, the seller page and saved lists; its link still opens and says it expired; the owner
// sees it expired and renews it once (POST /api/posts/{postId}/renew), which puts it at the top.
// Time moves with the injectable clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { createUser, signIn, type TestUser } from '../../test/factories';
import { clearFeedCache, rollingCall } from '../../test/feed-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { call, createPostViaApi, myPosts, productInput } from '../../test/listing-helpers';
import { DAY_MS, TestClock } from '../../test/test-clock';
import { publishViaApi } from '../../test/trust-helpers';

const clock = new TestClock(new Date('2026-03-01T08:00:00Z'));
let t: TestApp;
let owner: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestApp({ POST_EXPIRY_DAYS: '60' }, { clock });
  owner = await createUser(t.app, { name: 'Expiry Seller' });
  buyer = await createUser(t.app, { name: 'Saving Buyer' });
});
afterAll(() => t.close());

/** Moves the clock; sessions age with it, so both users sign in again. */
async function later(ms: number) {
  clock.advance(ms);
  owner.cookie = await signIn(t.app, owner.email, owner.password);
  buyer.cookie = await signIn(t.app, buyer.email, buyer.password);
}

const renew = (postId: number, cookie = owner.cookie) =>
  call(t, 'POST', `/api/posts/${postId}/renew`, cookie);

/** Where the post shows for a visitor (and in the buyer's saved list), and what its link says. */
async function whereFound(postId: number, name: string) {
  clearFeedCache(t);
  const ids = async (url: string, cookie?: string) =>
    ((await call(t, 'GET', url, cookie)).json().posts as Array<{ id: number }>).map((p) => p.id);
  const rolling = (await rollingCall(t, 'products')).json().posts as Array<{ postId: number }>;
  const seller = (await call(t, 'GET', `/api/users/${owner.id}/profile`)).json();
  const detail = await call(t, 'GET', `/api/posts/${postId}`);
  return {
    list: (await ids('/api/posts')).includes(postId),
    search: (await ids(`/api/posts?search=${encodeURIComponent(name)}`)).includes(postId),
    rolling: rolling.some((item) => item.postId === postId),
    sellerPage: (seller.posts as Array<{ id: number }>).some((p) => p.id === postId),
    saved: (await ids('/api/favourites', buyer.cookie)).includes(postId),
    detail: `${detail.statusCode} expired=${detail.json().expired}`,
    dashboard: (await myPosts(t, owner.cookie)).find((p) => p.id === postId)?.expired,
  };
}

describe('post expiry', () => {
  it('leaves the lists after 60 days, keeps its link, and one renewal brings it back at the top', async () => {
    const name = 'Chest freezer expirycheck';
    const post = await publishViaApi(t, owner, { name });
    expect((await call(t, 'PUT', `/api/favourites/${post.id}`, buyer.cookie)).statusCode).toBe(200);
    const shown = {
      list: true,
      search: true,
      rolling: true,
      sellerPage: true,
      saved: true,
      detail: '200 expired=false',
      dashboard: false,
    };

    await later(59 * DAY_MS);
    expect(await whereFound(post.id, name)).toEqual(shown);
    const early = await renew(post.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(MSG.expiry.notExpired);

    // A newer post, then the 60 days run out for the first one.
    const newer = await publishViaApi(t, owner, { name: 'Newer freezer expirycheck' });
    await later(2 * DAY_MS);
    expect(await whereFound(post.id, name)).toEqual({
      list: false,
      search: false,
      rolling: false,
      sellerPage: false,
      saved: true, // kept on /saved, marked expired (issue 34)
      detail: '200 expired=true',
      dashboard: true,
    });
    const seller = (await call(t, 'GET', `/api/users/${owner.id}/profile`)).json();
    expect(seller.postCount).toBe(1);
    expect((await call(t, 'GET', `/api/posts/${post.id}`, buyer.cookie)).json().phoneNumber).toBe('');

    // Only its owner renews it; then it is back, above the newer post, and not expired.
    expect((await renew(post.id, '')).statusCode).toBe(401);
    expect((await renew(post.id, buyer.cookie)).statusCode).toBe(403);
    const renewed = await renew(post.id);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({ id: post.id, isPublished: true });
    expect(await whereFound(post.id, name)).toEqual(shown);
    clearFeedCache(t);
    const top = (await call(t, 'GET', '/api/posts?search=expirycheck')).json().posts as Array<{ id: number }>;
    expect(top.map((p) => p.id)).toEqual([post.id, newer.id]);
    // Once: it has not expired now.
    expect((await renew(post.id)).statusCode).toBe(409);
  });

  it('renews only published posts that exist for the caller', async () => {
    const draft = await createPostViaApi(t, owner.cookie, productInput({ name: 'Draft to renew' }));
    expect((await renew(draft.id)).statusCode).toBe(409);
    expect((await renew(draft.id, buyer.cookie)).statusCode).toBe(404);
    expect((await renew(999_999)).statusCode).toBe(404);
    expect((await call(t, 'POST', '/api/posts/abc/renew', owner.cookie)).statusCode).toBe(400);
  });
});
