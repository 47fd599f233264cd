// Every write has a per-user limit (per address for visitors), answered with 429, Retry-After and a
// message saying when to try again; LIMITS_MULTIPLIER raises all of them at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createUser, type TestUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { call, createPostViaApi, productInput } from '../test/listing-helpers';
import { insertPost } from '../test/post-factory';

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestApp({
    POSTS_PER_HOUR: '3',
    POST_CHANGES_PER_HOUR: '4',
    COMMENTS_PER_HOUR: '2',
    COMMENT_CHANGES_PER_HOUR: '2',
    LIKES_PER_HOUR: '3',
    PROFILE_UPDATES_PER_HOUR: '2',
  });
  seller = await createUser(t.app);
  buyer = await createUser(t.app);
});
afterAll(() => t.close());

function expectSlowDown(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.headers['x-error-code']).toBe('rate_limited');
  expect((res.json() as { message: string }).message).toMatch(
    /^You're doing that too often\. Please try again in \d+ (minute|hour)/,
  );
}

describe('per-user write limits', () => {
  it('create-post: 3 an hour for one user, while another user still posts', async () => {
    for (let i = 0; i < 3; i++) await createPostViaApi(t, seller.cookie, productInput({ name: `Item ${i}` }));
    const refused = await call(t, 'POST', '/api/create-post', seller.cookie, productInput());
    expectSlowDown(refused);
    const mine = await call(t, 'GET', '/api/my-created-posts', seller.cookie);
    expect(mine.json().posts).toHaveLength(3);
    expect((await call(t, 'POST', '/api/create-post', buyer.cookie, productInput())).statusCode).toBe(201);
  });

  it('edit-post and publish-manager: 4 an hour each for one user', async () => {
    const user = await createUser(t.app);
    const item = await createPostViaApi(t, user.cookie, productInput());
    const edit = (name: string) =>
      call(t, 'PUT', '/api/edit-post', user.cookie, productInput({ id: item.id, name }));
    const toggle = (isPublished: boolean) =>
      call(t, 'PUT', '/api/publish-manager', user.cookie, { id: item.id, type: 'product', isPublished });
    for (let i = 0; i < 4; i++) expect((await edit(`Renamed ${i}`)).statusCode).toBe(200);
    expectSlowDown(await edit('Not saved'));
    for (let i = 0; i < 4; i++) expect((await toggle(i % 2 === 0)).statusCode).toBe(200);
    expectSlowDown(await toggle(true));
    const mine = await call(t, 'GET', '/api/my-created-posts', user.cookie);
    expect(mine.json().posts[0]).toMatchObject({ Product: { name: 'Renamed 3', isPublished: false } });
  });

  it('comments, likes and profile updates are limited, with success:false on the engagement calls', async () => {
    const post = await insertPost(t, seller.id, { isPublished: true });
    const comment = (content: string) =>
      call(t, 'POST', '/api/comments', buyer.cookie, { postId: post.id, content });
    expect((await comment('first')).statusCode).toBe(201);
    expect((await comment('second')).statusCode).toBe(201);
    const third = await comment('third');
    expectSlowDown(third);
    expect(third.json()).toMatchObject({ success: false });

    for (let i = 0; i < 3; i++)
      expect((await call(t, 'POST', `/api/likes/toggle/${post.id}`, buyer.cookie)).statusCode).toBe(200);
    expectSlowDown(await call(t, 'POST', `/api/likes/toggle/${post.id}`, buyer.cookie));

    const profile = { name: 'Tendai', email: buyer.email, phoneNumber: '' };
    expect((await call(t, 'PUT', '/api/update-user', buyer.cookie, profile)).statusCode).toBe(200);
    expect((await call(t, 'PUT', '/api/update-user', buyer.cookie, profile)).statusCode).toBe(200);
    expectSlowDown(await call(t, 'PUT', '/api/update-user', buyer.cookie, { ...profile, name: 'Not saved' }));
    const me = await call(t, 'GET', '/api/fetch-user', buyer.cookie);
    expect(me.json().name).toBe('Tendai');
  });
});

describe('LIMITS_MULTIPLIER', () => {
  it('multiplies every per-user and per-address limit, but not the password lockouts', () => {
    const base = loadConfig({});
    const raised = loadConfig({ LIMITS_MULTIPLIER: '10' });
    expect(raised.writeLimits.createPost.max).toBe(base.writeLimits.createPost.max * 10);
    expect(raised.writeLimits.createComment.max).toBe(300);
    expect(raised.writeLimits.upload.max).toBe(600);
    expect(raised.viewLimit.max).toBe(1200);
    expect(raised.rateLimits.signupsPerIpPerHour).toBe(500);
    expect(raised.rateLimits.loginAttemptsPerIp).toBe(3000);
    expect(raised.rateLimits.loginFailuresPerAccount).toBe(base.rateLimits.loginFailuresPerAccount);
    expect(raised.rateLimits.loginFailuresPerAccountAllIps).toBe(
      base.rateLimits.loginFailuresPerAccountAllIps,
    );
    expect(() => loadConfig({ LIMITS_MULTIPLIER: '0' })).toThrow(/LIMITS_MULTIPLIER/);
  });
});
