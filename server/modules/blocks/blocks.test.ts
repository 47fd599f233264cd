// Blocking (issue 32): PUT and DELETE /api/blocks/{userId} both idempotent, GET /api/blocks newest first,
// and what a block changes on comment pages: the blocker no longer sees the blocked person's new comments
// on the blocker's own posts, with the comments cache on (the default) and off; nobody else's page moves.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CommentDto } from '../../../shared/api-types';
import { MSG } from '../../../shared/messages';
import { comments } from '../../db/schema';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { call } from '../../test/listing-helpers';
import { insertPost } from '../../test/post-factory';

const block = (t: TestApp, by: TestUser | undefined, userId: number | string) =>
  call(t, 'PUT', `/api/blocks/${userId}`, by?.cookie);
const unblock = (t: TestApp, by: TestUser | undefined, userId: number | string) =>
  call(t, 'DELETE', `/api/blocks/${userId}`, by?.cookie);

describe('PUT, DELETE and GET /api/blocks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const blocked = async (user: TestUser) => {
    const res = await call(t, 'GET', '/api/blocks', user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return res.json().users as Array<{ id: number; name: string; blockedAt: string }>;
  };

  it('blocks and unblocks, each as often as asked, the answer the same every time', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app, { name: 'Blessing Dube' });
    for (let i = 0; i < 2; i++) {
      const res = await block(t, a, b.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ userId: b.id, blocked: true });
    }
    const [only, ...rest] = await blocked(a);
    expect(rest).toEqual([]);
    expect(only).toEqual({ id: b.id, name: 'Blessing Dube', blockedAt: expect.any(String) });

    for (let i = 0; i < 2; i++) {
      const res = await unblock(t, a, b.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ userId: b.id, blocked: false });
    }
    expect(await blocked(a)).toEqual([]);
  });

  it('keeps the time of the first block when blocked again', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await block(t, a, b.id);
    const [first] = await blocked(a);
    await block(t, a, b.id);
    expect((await blocked(a))[0]?.blockedAt).toBe(first?.blockedAt);
  });

  it('lists the people the caller blocked, newest first, with when; nobody else’s', async () => {
    const a = await createUser(t.app);
    const other = await createUser(t.app);
    const older = await createUser(t.app, { name: 'Farai Older' });
    const newer = await createUser(t.app, { name: 'Nyasha Newer' });
    const before = Date.now();
    await block(t, a, older.id);
    await block(t, a, newer.id);
    await block(t, other, older.id);
    const list = await blocked(a);
    expect(list.map((user) => user.name)).toEqual(['Nyasha Newer', 'Farai Older']);
    for (const user of list) {
      expect(new Date(user.blockedAt).toISOString()).toBe(user.blockedAt);
      expect(Date.parse(user.blockedAt)).toBeGreaterThanOrEqual(before - 1000);
    }
    expect((await blocked(other)).map((user) => user.id)).toEqual([older.id]);
    expect(await blocked(older)).toEqual([]);
  });

  it('refuses blocking oneself (400) and an account that does not exist (404)', async () => {
    const a = await createUser(t.app);
    const self = await block(t, a, a.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(MSG.messages.notYourself);
    expect((await block(t, a, 999_999)).statusCode).toBe(404);
    expect(await blocked(a)).toEqual([]);
  });

  it('answers a visitor 401 on all three calls', async () => {
    const b = await createUser(t.app);
    expect((await block(t, undefined, b.id)).statusCode).toBe(401);
    expect((await unblock(t, undefined, b.id)).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/blocks')).statusCode).toBe(401);
  });
});

describe.each<{ cache: string; env: Record<string, string> }>([
  { cache: 'on', env: {} },
  { cache: 'off', env: { FEED_CACHE_MS: '0' } },
])('comment pages after a block (comments cache $cache)', ({ env }) => {
  let t: TestApp;
  let a: TestUser; // the post's owner, who blocks
  let b: TestUser; // the one blocked
  let c: TestUser; // any other reader
  beforeAll(async () => {
    t = await createTestApp(env);
    [a, b, c] = await Promise.all([
      createUser(t.app, { name: 'Anesu Owner' }),
      createUser(t.app, { name: 'Blessing Blocked' }),
      createUser(t.app, { name: 'Chipo Reader' }),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });
  // Each test starts with nobody blocked: a test blocks when its comments are in place.
  beforeEach(async () => {
    await unblock(t, a, b.id);
  });

  const contents = async (postId: number, reader?: TestUser, cursor?: string) => {
    const query = cursor ? `?cursor=${cursor}` : '';
    const res = await call(t, 'GET', `/api/comments/post/${postId}${query}`, reader?.cookie);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    return { comments: (data.comments as CommentDto[]).map((c) => c.content), pagination: data.pagination };
  };
  const seen = async (postId: number, reader?: TestUser) => (await contents(postId, reader)).comments;
  const comment = async (postId: number, author: TestUser, content: string) => {
    const res = await call(t, 'POST', '/api/comments', author.cookie, { postId, content });
    expect(res.statusCode).toBe(201);
  };
  const count = async (postId: number, reader: TestUser) =>
    (await call(t, 'GET', `/api/comments/count/${postId}`, reader.cookie)).json().count;

  it("hides B's new comments on A's post from A alone; B's older ones stay; C and B see all", async () => {
    const post = await insertPost(t, a.id);
    await comment(post.id, b, 'Before the block');
    expect(await seen(post.id, a)).toEqual(['Before the block']); // A's page (and flag) cached
    expect((await block(t, a, b.id)).statusCode).toBe(200);
    await comment(post.id, c, 'From Chipo');
    await comment(post.id, b, 'After the block');

    expect(await seen(post.id)).toEqual(['After the block', 'From Chipo', 'Before the block']); // fills the cache
    expect(await seen(post.id, a)).toEqual(['From Chipo', 'Before the block']);
    expect(await seen(post.id, c)).toEqual(['After the block', 'From Chipo', 'Before the block']);
    expect(await seen(post.id, b)).toEqual(['After the block', 'From Chipo', 'Before the block']);
    // The count stays the public one, for A too.
    expect(await count(post.id, a)).toBe(3);
    expect((await contents(post.id, a)).pagination.total).toBe(3);
  });

  it('hides them whoever read the page first', async () => {
    const post = await insertPost(t, a.id);
    await comment(post.id, b, 'Old one');
    await block(t, a, b.id);
    await comment(post.id, b, 'New one');
    expect(await seen(post.id, a)).toEqual(['Old one']); // A first
    expect(await seen(post.id, c)).toEqual(['New one', 'Old one']); // then C: not A's page
    expect(await seen(post.id, a)).toEqual(['Old one']);
  });

  it('hides them on later pages too, the pages still full', async () => {
    const post = await insertPost(t, a.id);
    await comment(post.id, b, 'Old one');
    await block(t, a, b.id);
    // Written outside the API to pass the comment limits: 55 of C's with 10 of B's among them.
    const by = (userId: number, n: number, label: string) =>
      Array.from({ length: n }, (_, i) => ({ postId: post.id, userId, content: `${label} ${i}` }));
    await t.database.db
      .insert(comments)
      .values([...by(c.id, 30, 'C early'), ...by(b.id, 10, 'B new'), ...by(c.id, 25, 'C late')]);

    const all = async (reader: TestUser) => {
      const first = await contents(post.id, reader);
      expect(first.comments).toHaveLength(50);
      const second = await contents(post.id, reader, first.pagination.nextCursor);
      expect(second.pagination).toMatchObject({ hasMore: false, nextCursor: null });
      return [...first.comments, ...second.comments];
    };
    const ofA = await all(a);
    expect(ofA).toHaveLength(56);
    expect(ofA.filter((content) => content.startsWith('B new'))).toEqual([]);
    expect(ofA.at(-1)).toBe('Old one');
    expect(await all(c)).toHaveLength(66);
  });

  it("leaves B's comments on other people's posts alone, for A too", async () => {
    const post = await insertPost(t, c.id);
    await comment(post.id, b, "On Chipo's post");
    expect(await seen(post.id, a)).toEqual(["On Chipo's post"]);
    expect(await seen(post.id, c)).toEqual(["On Chipo's post"]);
  });

  it("leaves the blocked person's own posts alone: the rule is only the blocker's", async () => {
    const post = await insertPost(t, b.id);
    await comment(post.id, a, "A on B's post");
    expect(await seen(post.id, b)).toEqual(["A on B's post"]);
    expect(await seen(post.id, a)).toEqual(["A on B's post"]);
  });

  it('shows B’s comments to A again once A unblocks B', async () => {
    const post = await insertPost(t, a.id);
    await block(t, a, b.id);
    await comment(post.id, b, 'Written while blocked');
    expect(await seen(post.id, a)).toEqual([]);
    expect((await unblock(t, a, b.id)).statusCode).toBe(200);
    expect(await seen(post.id, a)).toEqual(['Written while blocked']);
    // Blocked again: the new block is what counts, so the comment written before it shows.
    await block(t, a, b.id);
    expect(await seen(post.id, a)).toEqual(['Written while blocked']);
  });
});
