// Sold and reserved (issue 14): PUT /api/posts/{postId}/status by the owner of a published post.
// Reserved posts stay in the feeds with their status; sold posts leave the feeds and search while
// their link still opens; relisting brings them back. Every post shape carries the status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { createUser, type TestUser } from '../../test/factories';
import { clearFeedCache, rollingCall } from '../../test/feed-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { call, createPostViaApi, myPosts, productInput } from '../../test/listing-helpers';
import { publishViaApi } from '../../test/trust-helpers';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp({ POST_CHANGES_PER_HOUR: '40' });
  owner = await createUser(t.app, { name: 'Status Seller' });
  other = await createUser(t.app, { name: 'Someone Else' });
});
afterAll(() => t.close());

const setStatus = (postId: number | string, status: unknown, cookie = owner.cookie) =>
  call(t, 'PUT', `/api/posts/${postId}/status`, cookie, { status });

/** Where a visitor finds the post: /api/posts, a search for its name, the rolling feed, the detail. */
async function whereFound(postId: number, name: string) {
  clearFeedCache(t);
  const ids = async (url: string) =>
    ((await call(t, 'GET', url)).json().posts as Array<{ id: number }>).map((p) => p.id);
  const rolling = (await rollingCall(t, 'products')).json().posts as Array<{
    postId: number;
    status: string;
  }>;
  const firstPayload = (await call(t, 'GET', '/api/first-payload')).json().posts as Array<{ postId: number }>;
  const detail = await call(t, 'GET', `/api/posts/${postId}`);
  return {
    list: (await ids('/api/posts')).includes(postId),
    search: (await ids(`/api/posts?search=${encodeURIComponent(name)}`)).includes(postId),
    rolling: rolling.some((item) => item.postId === postId),
    firstPayload: firstPayload.some((item) => item.postId === postId),
    detail: detail.statusCode,
    detailStatus: detail.statusCode === 200 ? detail.json().Product.status : null,
  };
}

describe('PUT /api/posts/{postId}/status', () => {
  it('reserved stays in the feeds, sold leaves them but keeps its link, relisting brings it back', async () => {
    const name = 'Zanussi washing machine statuscheck';
    const post = await publishViaApi(t, owner, { name });
    expect(post.status).toBe('available');
    expect(await whereFound(post.id, name)).toEqual({
      list: true,
      search: true,
      rolling: true,
      firstPayload: true,
      detail: 200,
      detailStatus: 'available',
    });

    const reserved = await setStatus(post.id, 'reserved');
    expect(reserved.statusCode).toBe(200);
    expect(reserved.json()).toMatchObject({ id: post.id, status: 'reserved', isPublished: true });
    expect(await whereFound(post.id, name)).toMatchObject({ list: true, search: true, rolling: true });
    const rolling = (await rollingCall(t, 'products')).json().posts as Array<{
      postId: number;
      status: string;
    }>;
    expect(rolling.find((item) => item.postId === post.id)?.status).toBe('reserved');

    expect((await setStatus(post.id, 'sold')).json().status).toBe('sold');
    expect(await whereFound(post.id, name)).toEqual({
      list: false,
      search: false,
      rolling: false,
      firstPayload: false,
      detail: 200,
      detailStatus: 'sold',
    });
    // Nobody is to call about it: the visitor's detail has no number, the owner's still does.
    expect((await call(t, 'GET', `/api/posts/${post.id}`)).json().phoneNumber).toBe('');
    expect((await call(t, 'GET', `/api/posts/${post.id}`, owner.cookie)).json().phoneNumber).toBe(
      owner.phoneNumber,
    );
    // The owner still has it, with its status, on the dashboard.
    expect((await myPosts(t, owner.cookie)).find((p) => p.id === post.id)?.Product?.status).toBe('sold');

    expect((await setStatus(post.id, 'available')).json().status).toBe('available');
    expect(await whereFound(post.id, name)).toMatchObject({ list: true, search: true, rolling: true });
  });

  it('is the owner’s alone, on a published post only', async () => {
    const post = await publishViaApi(t, owner, { name: 'Owner only kettle' });
    const draft = await createPostViaApi(t, owner.cookie, productInput({ name: 'Unpublished kettle' }));
    const othersDraft = await createPostViaApi(t, other.cookie, productInput({ name: 'Other draft' }));

    expect((await setStatus(post.id, 'sold', '')).statusCode).toBe(401);
    expect((await setStatus(post.id, 'sold', other.cookie)).statusCode).toBe(403);
    expect((await setStatus(othersDraft.id, 'sold')).statusCode).toBe(404);
    expect((await setStatus(999_999, 'sold')).statusCode).toBe(404);
    const unpublished = await setStatus(draft.id, 'sold');
    expect(unpublished.statusCode).toBe(409);
    expect(unpublished.json().message).toBe(MSG.status.notPublished);
    for (const status of ['gone', '', null, 3, 'SOLD']) {
      expect((await setStatus(post.id, status)).statusCode, String(status)).toBe(400);
    }
    expect((await setStatus('abc', 'sold')).statusCode).toBe(400);
    // Nothing above changed it.
    expect((await call(t, 'GET', `/api/posts/${post.id}`)).json().Product.status).toBe('available');
  });

  it('is limited per user like the other post changes', async () => {
    const limited = await createTestApp({ POST_CHANGES_PER_HOUR: '3' });
    try {
      const seller = await createUser(limited.app);
      const item = await createPostViaApi(limited, seller.cookie, productInput());
      await call(limited, 'PUT', '/api/publish-post', seller.cookie, { id: item.id, type: item.type });
      const codes: number[] = [];
      // Each call has its own hourly budget (as edit and publish do): the fourth status change waits.
      for (const status of ['reserved', 'sold', 'available', 'sold']) {
        codes.push(
          (await call(limited, 'PUT', `/api/posts/${item.id}/status`, seller.cookie, { status })).statusCode,
        );
      }
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
