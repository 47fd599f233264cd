import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { postImages } from '../../db/schema';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { call, createPostViaApi, productInput, serviceInput } from '../../test/listing-helpers';
import { insertPost } from '../../test/post-factory';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, { name: 'Chipo Dube', phoneNumber: '0772000111' });
  other = await createUser(t.app);
});
afterAll(() => t.close());

describe('GET /api/my-created-posts', () => {
  it('answers an empty list to a user without posts', async () => {
    const fresh = await createUser(t.app);
    const res = await call(t, 'GET', `/api/my-created-posts?userId=${fresh.id}`, fresh.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ posts: [] });
  });

  it("lists only the user's own posts, published or not, newest first, as wrappers with a cover", async () => {
    const older = await insertPost(t, owner.id, { isPublished: true, name: 'Older fridge' });
    await t.database.db.insert(postImages).values([
      {
        postId: older.id,
        position: 1,
        thumbKey: 'posts/x/b-thumb.webp',
        fullKey: 'posts/x/b-full.webp',
        width: 800,
        height: 600,
        bytes: 10,
      },
      {
        postId: older.id,
        position: 0,
        thumbKey: 'posts/x/a-thumb.webp',
        fullKey: 'posts/x/a-full.webp',
        width: 1600,
        height: 1200,
        bytes: 10,
      },
    ]);
    await createPostViaApi(t, other.cookie, productInput({ name: 'Not mine' }));
    const product = await createPostViaApi(t, owner.cookie, productInput());
    const service = await createPostViaApi(t, owner.cookie, serviceInput());

    const res = await call(t, 'GET', `/api/my-created-posts?userId=${owner.id}`, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const list = res.json().posts;
    expect(list.map((p: { id: number }) => p.id)).toEqual([service.id, product.id, older.id]);
    expect(list[0]).toEqual({
      id: service.id,
      createdAt: expect.any(String),
      publishedAt: null,
      userName: 'Chipo Dube',
      phoneNumber: '0772000111',
      Product: null,
      Service: { ...service },
      cover: null,
      safetyWarning: null,
      // Beyond the spec's wrapper: how the post is doing, for its owner's dashboard.
      stats: { views: 0, likes: 0, comments: 0 },
      expired: false,
    });
    expect(list[1]).toMatchObject({ Product: { ...product }, Service: null, cover: null });
    expect(list[2].Product).toMatchObject({ name: 'Older fridge', isPublished: true });
    expect(list[2].cover).toEqual({
      id: expect.any(Number),
      url: '/media/posts/x/a-full.webp',
      thumbUrl: '/media/posts/x/a-thumb.webp',
      width: 1600,
      height: 1200,
    });
  });

  it('works without the userId query, from the session alone', async () => {
    const res = await call(t, 'GET', '/api/my-created-posts', other.cookie);
    expect(res.statusCode).toBe(200);
    expect(
      res.json().posts.every((p: { Product: { userId: number } }) => p.Product.userId === other.id),
    ).toBe(true);
  });

  it("answers 403 when asking for someone else's posts", async () => {
    const res = await call(t, 'GET', `/api/my-created-posts?userId=${owner.id}`, other.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MSG.auth.forbidden });
  });

  it('answers 401 to a visitor and 400 for a userId that is not an id', async () => {
    expect((await call(t, 'GET', `/api/my-created-posts?userId=${owner.id}`)).statusCode).toBe(401);
    const bad = await call(t, 'GET', '/api/my-created-posts?userId=abc', owner.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ userId: 'Invalid user id' });
  });
});
