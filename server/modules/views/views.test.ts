import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { postViews } from '../../db/schema';
import { createUser, signIn, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertPost } from '../../test/post-factory';

let t: TestApp;
let owner: TestUser;
let reader: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, { name: 'Owner Moyo' });
  reader = await createUser(t.app, { name: 'Reader Dube' });
});
afterAll(() => t.close());

const view = (postId: number | string, auth?: { cookie: string }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/posts/${postId}/view`,
    headers: auth ? { cookie: auth.cookie } : {},
  });
const stats = async (postId: number | string, auth?: { cookie: string }) =>
  t.app.inject({
    method: 'GET',
    url: `/api/posts/${postId}/views`,
    headers: auth ? { cookie: auth.cookie } : {},
  });

/** Makes a viewer's last counted view look `minutes` old. */
const age = (postId: number, viewerKey: string, minutes: number) =>
  t.database.db
    .update(postViews)
    .set({ lastAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(and(eq(postViews.postId, postId), eq(postViews.viewerKey, viewerKey)));

describe('POST /api/posts/{postId}/view', () => {
  it('is new on a signed-in user’s first view only, and counts once per 30 minutes', async () => {
    const post = await insertPost(t, owner.id);
    expect((await view(post.id, reader)).json()).toEqual({ success: true, isNewView: true });
    expect((await view(post.id, reader)).json()).toEqual({ success: true, isNewView: false });
    expect((await stats(post.id)).json()).toEqual({
      success: true,
      statistics: { totalUniqueViewers: 1, totalViews: 1, authenticatedViewers: 1 },
      post: { id: post.id, views: 1 },
    });

    await age(post.id, `u:${reader.id}`, 29);
    expect((await view(post.id, reader)).json().isNewView).toBe(false);
    expect((await stats(post.id)).json().statistics.totalViews).toBe(1);

    await age(post.id, `u:${reader.id}`, 31);
    expect((await view(post.id, reader)).json().isNewView).toBe(false);
    expect((await stats(post.id)).json().statistics).toEqual({
      totalUniqueViewers: 1,
      totalViews: 2,
      authenticatedViewers: 1,
    });
    // The counted view restarted the 30 minutes.
    expect((await view(post.id, reader)).json().isNewView).toBe(false);
    expect((await stats(post.id)).json().post.views).toBe(2);
  });

  it('tells anonymous visitors apart by an HttpOnly vid cookie', async () => {
    const post = await insertPost(t, owner.id);
    const first = await view(post.id);
    expect(first.json()).toEqual({ success: true, isNewView: true });
    const vid = first.cookies.find((c) => c.name === 'vid');
    expect(vid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const visitor = { cookie: `vid=${vid?.value}` };

    const again = await view(post.id, visitor);
    expect(again.json().isNewView).toBe(false);
    expect(again.cookies.find((c) => c.name === 'vid')).toBeUndefined();

    // Another visitor (no cookie) and a forged cookie each get a fresh id and count as new.
    expect((await view(post.id)).json().isNewView).toBe(true);
    const forged = await view(post.id, { cookie: 'vid=short' });
    expect(forged.json().isNewView).toBe(true);
    expect(forged.cookies.find((c) => c.name === 'vid')?.value).not.toBe('short');

    await view(post.id, reader);
    expect((await stats(post.id, visitor)).json().statistics).toEqual({
      totalUniqueViewers: 4,
      totalViews: 4,
      authenticatedViewers: 1,
    });
  });

  it('never counts the owner’s own visits, from any of their signed-in devices (issue 34)', async () => {
    const post = await insertPost(t, owner.id);
    // A second session: the owner's phone beside their laptop.
    const phone = { cookie: await signIn(t.app, owner.email, owner.password) };
    expect(phone.cookie).not.toBe(owner.cookie);
    for (const device of [owner, phone, owner]) {
      expect((await view(post.id, device)).json()).toEqual({ success: true, isNewView: false });
    }
    await age(post.id, `u:${owner.id}`, 31);
    expect((await view(post.id, phone)).json().isNewView).toBe(false);
    expect((await stats(post.id, owner)).json().statistics).toEqual({
      totalUniqueViewers: 0,
      totalViews: 0,
      authenticatedViewers: 0,
    });
    // Someone else's view still counts.
    expect((await view(post.id, reader)).json().isNewView).toBe(true);
    expect((await stats(post.id)).json().statistics).toEqual({
      totalUniqueViewers: 1,
      totalViews: 1,
      authenticatedViewers: 1,
    });
  });

  it('counts one viewer’s simultaneous first views once', async () => {
    const post = await insertPost(t, owner.id);
    const results = await Promise.all(Array.from({ length: 5 }, () => view(post.id, reader)));
    expect(results.filter((r) => r.json().isNewView === true)).toHaveLength(1);
    expect((await stats(post.id)).json().statistics).toMatchObject({ totalUniqueViewers: 1, totalViews: 1 });
  });

  it("answers 404 for someone else's unpublished post, 400 for a bad id, 404 for a missing post", async () => {
    const draft = await insertPost(t, owner.id, { isPublished: false });
    for (const viewer of [reader, undefined]) {
      for (const res of [await view(draft.id, viewer), await stats(draft.id, viewer)]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ success: false });
      }
    }
    expect((await view(draft.id, owner)).statusCode).toBe(200);
    expect((await stats(draft.id, owner)).statusCode).toBe(200);
    for (const res of [await view('abc'), await stats('1e3')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: 'Invalid post ID' });
    }
    expect((await view(99_999_999)).statusCode).toBe(404);
    expect((await stats(99_999_999)).statusCode).toBe(404);
  });

  it('limits views to 120 a minute per address, with Retry-After', async () => {
    const post = await insertPost(t, owner.id);
    const from = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: `/api/posts/${post.id}/view`, remoteAddress });
    const answers = await Promise.all(Array.from({ length: 120 }, () => from('203.0.113.60')));
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    const limited = await from('203.0.113.60');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: MSG.errors.rateLimited });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('203.0.113.61')).statusCode).toBe(200);
  });

  it('starts at zero', async () => {
    const post = await insertPost(t, owner.id);
    expect((await stats(post.id)).json()).toEqual({
      success: true,
      statistics: { totalUniqueViewers: 0, totalViews: 0, authenticatedViewers: 0 },
      post: { id: post.id, views: 0 },
    });
  });
});
