import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likes, posts } from '../../db/schema';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertPost } from '../../test/post-factory';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp({ SIGNUPS_PER_IP: '100', LOGIN_ATTEMPTS_PER_IP: '1000' });
  owner = await createUser(t.app, { name: 'Owner Moyo' });
  other = await createUser(t.app, { name: 'Other Dube' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, user?: TestUser) =>
  t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {} });
const toggle = (postId: number | string, user?: TestUser) =>
  call('POST', `/api/likes/toggle/${postId}`, user);

async function counterAndRows(postId: number) {
  const [post] = await t.database.db.select().from(posts).where(eq(posts.id, postId));
  const rows = await t.database.db.select().from(likes).where(eq(likes.postId, postId));
  return { likeCount: post?.likeCount, rows: rows.length };
}

describe('POST /api/likes/toggle/{postId}', () => {
  it('likes, then unlikes, with the count and reaction type', async () => {
    const post = await insertPost(t, owner.id);
    const liked = await toggle(post.id, other);
    expect(liked.statusCode).toBe(200);
    expect(liked.json()).toEqual({ success: true, isLiked: true, likeCount: 1, reactionType: 'like' });
    const unliked = await toggle(post.id, other);
    expect(unliked.json()).toEqual({ success: true, isLiked: false, likeCount: 0, reactionType: null });
    expect(await counterAndRows(post.id)).toEqual({ likeCount: 0, rows: 0 });
  });

  it('answers 401 with success:false to a visitor and changes nothing', async () => {
    const post = await insertPost(t, owner.id);
    const res = await toggle(post.id);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    expect(await counterAndRows(post.id)).toEqual({ likeCount: 0, rows: 0 });
  });

  it("answers 404 for someone else's unpublished post, but lets the owner like it", async () => {
    const draft = await insertPost(t, owner.id, { isPublished: false });
    const res = await toggle(draft.id, other);
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
    expect((await toggle(draft.id, owner)).json()).toMatchObject({ isLiked: true, likeCount: 1 });
  });

  it('answers 404 for a missing post and 400 for an id that is not a number', async () => {
    expect((await toggle(99_999_999, other)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '1.5', '-3', '99999999999']) {
      const res = await toggle(bad, other);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: 'Invalid post ID' });
    }
  });

  it('counts 20 users liking at once exactly', async () => {
    const post = await insertPost(t, owner.id);
    const users = await Promise.all(
      Array.from({ length: 20 }, (_, i) => createUser(t.app, { name: `Fan ${i}` })),
    );
    const responses = await Promise.all(users.map((u) => toggle(post.id, u)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(responses.every((r) => r.json().isLiked === true)).toBe(true);
    expect(Math.max(...responses.map((r) => r.json().likeCount))).toBe(20);
    expect(await counterAndRows(post.id)).toEqual({ likeCount: 20, rows: 20 });
    expect((await call('GET', `/api/likes/count/${post.id}`)).json()).toEqual({ success: true, count: 20 });
  });

  it('keeps row and counter consistent when one user toggles fast', async () => {
    const post = await insertPost(t, owner.id);
    for (const n of [2, 3, 5]) {
      const before = await counterAndRows(post.id);
      const responses = await Promise.all(Array.from({ length: n }, () => toggle(post.id, other)));
      expect(responses.map((r) => r.statusCode)).toEqual(Array(n).fill(200));
      const after = await counterAndRows(post.id);
      // Row present <=> counted, and n toggles flip the state n times.
      expect(after.likeCount).toBe(after.rows);
      expect(after.rows).toBe(n % 2 === 0 ? before.rows : 1 - before.rows);
    }
  });
});

describe('GET /api/likes/status, /count and /engagement/{postId}', () => {
  it("shows the viewer's like, a visitor's as false, and the counts", async () => {
    const post = await insertPost(t, owner.id);
    await toggle(post.id, other);
    await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: { cookie: owner.cookie },
      payload: { postId: post.id, content: 'Still available' },
    });

    expect((await call('GET', `/api/likes/status/${post.id}`, other)).json()).toEqual({
      success: true,
      isLiked: true,
      likeCount: 1,
      reactionType: 'like',
    });
    expect((await call('GET', `/api/likes/status/${post.id}`, owner)).json()).toMatchObject({
      isLiked: false,
      reactionType: null,
    });
    expect((await call('GET', `/api/likes/status/${post.id}`)).json()).toMatchObject({ isLiked: false });
    expect((await call('GET', `/api/likes/count/${post.id}`)).json()).toEqual({ success: true, count: 1 });
    expect((await call('GET', `/api/likes/engagement/${post.id}`, other)).json()).toEqual({
      success: true,
      data: { likeCount: 1, commentCount: 1, isLiked: true },
    });
  });

  it('answers 404 to everyone but the owner for an unpublished post, and 400 for a bad id', async () => {
    const draft = await insertPost(t, owner.id, { isPublished: false });
    for (const path of ['status', 'count', 'engagement']) {
      for (const viewer of [other, undefined]) {
        const res = await call('GET', `/api/likes/${path}/${draft.id}`, viewer);
        expect(res.statusCode, path).toBe(404);
        expect(res.json().success).toBe(false);
      }
      expect((await call('GET', `/api/likes/${path}/${draft.id}`, owner)).statusCode).toBe(200);
      expect((await call('GET', `/api/likes/${path}/nope`, owner)).statusCode).toBe(400);
      expect((await call('GET', `/api/likes/${path}/99999999`, owner)).statusCode).toBe(404);
    }
  });
});

describe('GET /api/likes/engagement?postIds=', () => {
  it('returns exactly the asked posts the viewer may see, keyed by id', async () => {
    const a = await insertPost(t, owner.id);
    const b = await insertPost(t, owner.id);
    const mine = await insertPost(t, other.id, { isPublished: false });
    const hidden = await insertPost(t, owner.id, { isPublished: false });
    const notAsked = await insertPost(t, owner.id);
    await toggle(a.id, other);
    await toggle(notAsked.id, other);

    const ids = [a.id, b.id, mine.id, hidden.id, 99_999_998, a.id].join(',');
    const res = await call('GET', `/api/likes/engagement?postIds=${ids}`, other);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        [a.id]: { likeCount: 1, commentCount: 0, isLiked: true },
        [b.id]: { likeCount: 0, commentCount: 0, isLiked: false },
        [mine.id]: { likeCount: 0, commentCount: 0, isLiked: false },
      },
    });

    const visitor = await call('GET', `/api/likes/engagement?postIds=${a.id},${hidden.id}`);
    expect(visitor.json()).toEqual({
      success: true,
      data: { [a.id]: { likeCount: 1, commentCount: 0, isLiked: false } },
    });
  });

  it('answers 400 for a missing, malformed or oversized list', async () => {
    const tooMany = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    for (const query of ['', '?postIds=', '?postIds=1,,2', '?postIds=1,abc', `?postIds=${tooMany}`]) {
      const res = await call('GET', `/api/likes/engagement${query}`, other);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const fifty = Array.from({ length: 50 }, (_, i) => i + 1).join(',');
    expect((await call('GET', `/api/likes/engagement?postIds=${fifty}`)).statusCode).toBe(200);
  });
});
