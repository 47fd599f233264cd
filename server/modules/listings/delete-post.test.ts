// DELETE /api/posts/{postId}: the owner deletes a post with everything hanging off it; nobody else can,
// and a post the caller cannot see stays a 404 (the posts policy's 'delete' action).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyPost } from '../../../shared/api-types';
import { MSG } from '../../../shared/messages';
import { moderationActions, postImages } from '../../db/schema';
import { createUser, type TestUser } from '../../test/factories';
import { selectRows } from '../../test/feed-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { call, createPostViaApi, productInput } from '../../test/listing-helpers';
import { uploadParts } from '../../test/multipart';
import { createModerator, publishViaApi, report, TRUST_ENV } from '../../test/trust-helpers';
import { jpeg } from '../images/test-images';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let moderator: TestUser;
beforeAll(async () => {
  t = await createTestApp({
    ...TRUST_ENV,
    SIGNUPS_PER_IP: '100',
    POST_CHANGES_PER_HOUR: '200',
    NEW_ACCOUNT_POSTS_PER_DAY: '100',
  });
  owner = await createUser(t.app, { name: 'Chipo Seller' });
  other = await createUser(t.app, { name: 'Tatenda Other' });
  moderator = await createModerator(t);
});
afterAll(() => t.close());

const remove = (postId: number | string, user?: TestUser) =>
  call(t, 'DELETE', `/api/posts/${postId}`, user?.cookie);

async function upload(user: TestUser, postId: number) {
  const res = await uploadParts(t.app, user.cookie, [
    { name: 'postId', value: String(postId) },
    { name: 'type', value: 'product' },
    { name: 'images', filename: 'a.jpg', data: await jpeg(), contentType: 'image/jpeg' },
    { name: 'images', filename: 'b.jpg', data: await jpeg(), contentType: 'image/jpeg' },
  ]);
  expect(res.statusCode).toBe(201);
}

const mediaFiles = async () => {
  const keys: string[] = [];
  for await (const { key } of t.app.deps.storage.list('posts/')) keys.push(key);
  return keys;
};

/** Rows of every table that hangs off a post, for one post. */
async function rowsOf(postId: number) {
  const count = async (query: ReturnType<typeof sql>) =>
    Number((await selectRows<{ n: number }>(t, query))[0]?.n ?? 0);
  return {
    posts: await count(sql`select count(*)::int as n from posts where id = ${postId}`),
    images: await count(sql`select count(*)::int as n from post_images where post_id = ${postId}`),
    likes: await count(sql`select count(*)::int as n from likes where post_id = ${postId}`),
    comments: await count(sql`select count(*)::int as n from comments where post_id = ${postId}`),
    views: await count(sql`select count(*)::int as n from post_views where post_id = ${postId}`),
    reports: await count(
      sql`select count(*)::int as n from reports where (target_type = 'post' and target_id = ${postId})
          or (target_type = 'comment' and target_id in (select id from comments where post_id = ${postId}))`,
    ),
  };
}

const like = (postId: number, user: TestUser) => call(t, 'POST', `/api/likes/toggle/${postId}`, user.cookie);
const comment = (postId: number, user: TestUser, content = 'Is it still available?') =>
  call(t, 'POST', '/api/comments', user.cookie, { postId, content });
const view = (postId: number, user?: TestUser) => call(t, 'POST', `/api/posts/${postId}/view`, user?.cookie);
const myPosts = async (user: TestUser) =>
  (await call(t, 'GET', '/api/my-created-posts', user.cookie)).json().posts as MyPost[];

describe('DELETE /api/posts/{postId} by the owner', () => {
  it('deletes the post with its images (files too), likes, comments, views and reports; 404 afterwards', async () => {
    const post = await publishViaApi(t, owner, { name: 'Hisense fridge to delete' });
    await upload(owner, post.id);
    const files = (
      await t.database.db.select().from(postImages).where(eq(postImages.postId, post.id))
    ).flatMap((image) => [image.thumbKey, image.mediumKey ?? '', image.fullKey]);
    // Two images of three variants each.
    expect(files).toHaveLength(6);
    expect(files.filter((key) => key.endsWith('-medium.webp'))).toHaveLength(2);
    expect(await mediaFiles()).toEqual(expect.arrayContaining(files));
    expect((await like(post.id, other)).statusCode).toBe(200);
    const commented = await comment(post.id, other);
    expect(commented.statusCode).toBe(201);
    expect((await view(post.id, other)).statusCode).toBe(200);
    expect((await report(t, other, post.id)).statusCode).toBe(201);
    const commentId = commented.json().comment.id;
    expect((await report(t, owner, commentId, { targetType: 'comment', reason: 'spam' })).statusCode).toBe(
      201,
    );
    // The feed has it (and caches it).
    const before = (await call(t, 'GET', '/api/first-payload')).json().posts as { id: number }[];
    expect(before.map((p) => p.id)).toContain(post.id);
    expect(await rowsOf(post.id)).toEqual({
      posts: 1,
      images: 2,
      likes: 1,
      comments: 1,
      views: 1,
      reports: 2,
    });

    const res = await remove(post.id, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, postId: post.id });

    expect(await rowsOf(post.id)).toEqual({
      posts: 0,
      images: 0,
      likes: 0,
      comments: 0,
      views: 0,
      reports: 0,
    });
    const left = await mediaFiles();
    for (const key of files) expect(left).not.toContain(key);
    expect((await call(t, 'GET', `/api/posts/${post.id}`)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/posts/${post.id}`, owner.cookie)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/posts/${post.id}`)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/media/${files[0]}`, owner.cookie)).statusCode).toBe(404);
    // The feed cache was cleared by the delete: the next read no longer has it.
    const after = (await call(t, 'GET', '/api/first-payload')).json().posts as { id: number }[];
    expect(after.map((p) => p.id)).not.toContain(post.id);
    expect((await myPosts(owner)).map((p) => p.id)).not.toContain(post.id);
    // Likes, comments and views on it are 404 now.
    expect((await like(post.id, other)).statusCode).toBe(404);
    expect((await comment(post.id, other)).statusCode).toBe(404);
    expect((await view(post.id, other)).statusCode).toBe(404);
  });

  it('answers 404 to a second delete, and deletes a draft', async () => {
    const draft = await createPostViaApi(t, owner.cookie, productInput({ name: 'Draft to delete' }));
    expect((await remove(draft.id, owner)).statusCode).toBe(200);
    const again = await remove(draft.id, owner);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: MSG.postDetail.notFound });
  });

  it('deletes a post a moderator removed, and the audit log keeps the decision', async () => {
    const post = await publishViaApi(t, owner, { name: 'Removed then deleted' });
    const hide = await call(t, 'POST', `/api/moderation/posts/${post.id}/hide`, moderator.cookie, {
      reason: 'Looks like a scam',
    });
    expect(hide.statusCode).toBe(200);
    expect((await remove(post.id, owner)).statusCode).toBe(200);
    const log = await t.database.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.targetId, post.id));
    expect(log.map((row) => [row.targetType, row.action])).toContainEqual(['post', 'hide']);
  });

  it('keeps an image file another post still uses (the seed shares sample files)', async () => {
    const post = await createPostViaApi(t, owner.cookie, productInput({ name: 'Shares a file' }));
    const keeper = await createPostViaApi(t, owner.cookie, productInput({ name: 'Keeps the file' }));
    await upload(owner, post.id);
    const [image] = await t.database.db.select().from(postImages).where(eq(postImages.postId, post.id));
    if (!image) throw new Error('no image');
    const { id: _id, ...shared } = image;
    await t.database.db.insert(postImages).values({ ...shared, postId: keeper.id });
    expect((await remove(post.id, owner)).statusCode).toBe(200);
    const left = await mediaFiles();
    expect(left).toContain(image.thumbKey);
    expect(left).toContain(image.mediumKey);
    expect(left).toContain(image.fullKey);
  });
});

describe('DELETE /api/posts/{postId} by anyone else', () => {
  it("refuses another member's published post with 403 and a visitor with 401; nothing changes", async () => {
    const post = await publishViaApi(t, owner, { name: 'Not yours' });
    await like(post.id, other);
    expect((await remove(post.id, other)).statusCode).toBe(403);
    expect((await remove(post.id)).statusCode).toBe(401);
    // A moderator sees it but does not own it: moderators hide, they do not delete.
    expect((await remove(post.id, moderator)).statusCode).toBe(403);
    expect(await rowsOf(post.id)).toMatchObject({ posts: 1, likes: 1 });
  });

  it("answers 404 for another member's draft or removed post, as if it did not exist", async () => {
    const draft = await createPostViaApi(t, owner.cookie, productInput({ name: 'Secret draft' }));
    const removed = await publishViaApi(t, owner, { name: 'Removed post' });
    await call(t, 'POST', `/api/moderation/posts/${removed.id}/hide`, moderator.cookie, {});
    for (const id of [draft.id, removed.id, 2_000_000_000]) {
      const res = await remove(id, other);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toEqual({ message: MSG.postDetail.notFound });
    }
    // Drafts are private to their owner, moderators included.
    expect((await remove(draft.id, moderator)).statusCode).toBe(404);
    expect((await remove(removed.id, moderator)).statusCode).toBe(403);
    expect((await rowsOf(draft.id)).posts).toBe(1);
    expect((await rowsOf(removed.id)).posts).toBe(1);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999999999999'])('answers 400 for the id %j', async (id) => {
    const res = await remove(id, owner);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.postDetail.invalidId);
  });

  it('refuses a cross-site delete', async () => {
    const post = await publishViaApi(t, owner, { name: 'Cross-site target' });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/posts/${post.id}`,
      headers: { cookie: owner.cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect((await rowsOf(post.id)).posts).toBe(1);
  });
});

describe('DELETE /api/posts/{postId} under load', () => {
  it('with likes, comments and views racing it: every answer is a success or a 404, and nothing is left', async () => {
    const post = await publishViaApi(t, owner, { name: 'Raced post' });
    const fans = [other, moderator];
    const answers = await Promise.all([
      like(post.id, other),
      comment(post.id, moderator),
      view(post.id, other),
      remove(post.id, owner),
      like(post.id, moderator),
      comment(post.id, other),
      view(post.id),
      remove(post.id, owner),
      ...fans.map((fan) => like(post.id, fan)),
    ]);
    for (const res of answers) expect([200, 201, 404], res.body).toContain(res.statusCode);
    const deletes = [answers[3], answers[7]].map((res) => res?.statusCode).sort();
    expect(deletes).toEqual([200, 404]);
    expect(await rowsOf(post.id)).toEqual({
      posts: 0,
      images: 0,
      likes: 0,
      comments: 0,
      views: 0,
      reports: 0,
    });
  });

  it('with comment deletes, comment reports and a moderator hiding a comment racing it: no deadlock, nothing left', async () => {
    for (let round = 0; round < 3; round += 1) {
      const post = await publishViaApi(t, owner, { name: `Raced comments ${round}` });
      const ids: number[] = [];
      for (let i = 0; i < 4; i += 1)
        ids.push((await comment(post.id, other, `Comment ${i}`)).json().comment.id);
      const [a, b, c, d] = ids as [number, number, number, number];
      const answers = await Promise.all([
        call(t, 'DELETE', `/api/comments/${a}`, other.cookie),
        report(t, owner, b, { targetType: 'comment', reason: 'spam' }),
        remove(post.id, owner),
        call(t, 'DELETE', `/api/comments/${c}`, owner.cookie),
        call(t, 'POST', `/api/moderation/comments/${d}/hide`, moderator.cookie, {}),
        comment(post.id, moderator),
      ]);
      for (const res of answers) expect([200, 201, 404], res.body).toContain(res.statusCode);
      expect(answers[2]?.statusCode).toBe(200);
      expect(await rowsOf(post.id)).toEqual({
        posts: 0,
        images: 0,
        likes: 0,
        comments: 0,
        views: 0,
        reports: 0,
      });
      const orphans = await selectRows<{ n: number }>(
        t,
        sql`select count(*)::int as n from reports where target_type = 'comment' and status = 'open' and target_id not in (select id from comments)`,
      );
      expect(orphans[0]?.n).toBe(0);
    }
  });

  it('counts against the per-user limit on post changes (429 with Retry-After)', async () => {
    const limited = await createTestApp({ POST_CHANGES_PER_HOUR: '2' });
    try {
      const seller = await createUser(limited.app);
      const ids: number[] = [];
      for (let i = 0; i < 3; i += 1)
        ids.push((await createPostViaApi(limited, seller.cookie, productInput({ name: `P ${i}` }))).id);
      const statuses = [];
      for (const id of ids)
        statuses.push((await call(limited, 'DELETE', `/api/posts/${id}`, seller.cookie)).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      const last = await call(limited, 'DELETE', `/api/posts/${ids[2]}`, seller.cookie);
      expect(last.headers['retry-after']).toBeTruthy();
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/my-created-posts stats', () => {
  it("shows the owner each post's views, likes and comments", async () => {
    const post = await publishViaApi(t, owner, { name: 'Counted post' });
    await like(post.id, other);
    await like(post.id, moderator);
    await comment(post.id, other);
    await view(post.id, other);
    const mine = (await myPosts(owner)).find((p) => p.id === post.id);
    expect(mine?.stats).toEqual({ views: 1, likes: 2, comments: 1 });
    const draft = await createPostViaApi(t, owner.cookie, productInput({ name: 'Uncounted draft' }));
    expect((await myPosts(owner)).find((p) => p.id === draft.id)?.stats).toEqual({
      views: 0,
      likes: 0,
      comments: 0,
    });
  });
});
