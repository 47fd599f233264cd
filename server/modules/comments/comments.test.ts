import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { comments, posts } from '../../db/schema';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertPost } from '../../test/post-factory';

let t: TestApp;
let owner: TestUser;
let author: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  // Far above the per-user write limits (plugins/write-limits.test.ts tests those): many writes here.
  t = await createTestApp({
    COMMENTS_PER_HOUR: '1000',
    COMMENT_CHANGES_PER_HOUR: '1000',
    NEW_ACCOUNT_COMMENTS_PER_DAY: '1000',
  });
  owner = await createUser(t.app, { name: 'Owner Moyo' });
  author = await createUser(t.app, { name: 'Rudo Chari' });
  stranger = await createUser(t.app, { name: 'Stranger Ncube' });
});
afterAll(() => t.close());

const headers = (user?: TestUser) => (user ? { cookie: user.cookie } : {});
const create = (user: TestUser | undefined, postId: number | string, content: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/comments',
    headers: headers(user),
    payload: { postId, content },
  });
const edit = (user: TestUser | undefined, id: number | string, content: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/comments/${id}`, headers: headers(user), payload: { content } });
const remove = (user: TestUser | undefined, id: number | string) =>
  t.app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers: headers(user) });
const list = (postId: number | string, user?: TestUser, cursor?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/comments/post/${postId}${cursor ? `?cursor=${cursor}` : ''}`,
    headers: headers(user),
  });
const count = async (postId: number, user?: TestUser) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/comments/count/${postId}`, headers: headers(user) })
  ).json();

async function commentCounter(postId: number) {
  const [post] = await t.database.db.select().from(posts).where(eq(posts.id, postId));
  return post?.commentCount;
}

describe('POST /api/comments', () => {
  it('creates a comment (201) with the spec fields, counted on the post', async () => {
    const post = await insertPost(t, owner.id);
    const res = await create(author, post.id, '  Is it still available?  ');
    expect(res.statusCode).toBe(201);
    const { success, comment } = res.json();
    expect(success).toBe(true);
    expect(comment).toEqual({
      id: expect.any(Number),
      content: 'Is it still available?',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      userId: author.id,
      postId: post.id,
      isEdited: false,
      editedAt: null,
      author: { id: author.id, name: 'Rudo Chari', email: '', avatar: null },
      canEdit: true,
      canDelete: true,
      safetyWarning: null,
      moderation: 'visible',
    });
    expect(await count(post.id)).toEqual({ success: true, count: 1 });
    expect(await commentCounter(post.id)).toBe(1);
  });

  it('keeps a <script> comment as the same plain text', async () => {
    const post = await insertPost(t, owner.id);
    const content = '<script>alert(1)</script>';
    expect((await create(author, post.id, content)).json().comment.content).toBe(content);
    expect((await list(post.id)).json().data.comments[0].content).toBe(content);
  });

  it('answers 401 to a visitor, before looking at the input', async () => {
    const post = await insertPost(t, owner.id);
    for (const content of ['Hello', '']) {
      const res = await create(undefined, post.id, content);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false });
    }
    expect(await commentCounter(post.id)).toBe(0);
  });

  it('answers 400 for empty, whitespace-only and 2001-character content; 2000 is fine', async () => {
    const post = await insertPost(t, owner.id);
    for (const content of ['', '   \n\t ', 'x'.repeat(2001), undefined, 42]) {
      const res = await create(author, post.id, content);
      expect(res.statusCode, String(content).slice(0, 10)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errors: { content: expect.any(String) } });
    }
    expect((await create(author, post.id, 'x'.repeat(2000))).statusCode).toBe(201);
    expect(await commentCounter(post.id)).toBe(1);
  });

  it("answers 404 on someone else's unpublished post or a missing one, 400 for a bad post id", async () => {
    const draft = await insertPost(t, owner.id, { isPublished: false });
    const res = await create(author, draft.id, 'Hello');
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
    expect((await create(owner, draft.id, 'Note to self')).statusCode).toBe(201);
    expect((await create(author, 99_999_999, 'Hello')).statusCode).toBe(404);
    expect((await create(author, 'abc', 'Hello')).statusCode).toBe(400);
    expect((await create(author, String(draft.id), 'As a string')).statusCode).toBe(404);
  });

  it("answers 400 'Invalid post ID' for any post id that is not one", async () => {
    for (const postId of [-5, 0, 1.5, 'abc', '-5', 2 ** 31, null]) {
      const res = await create(author, postId as number, 'Hello');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: MSG.postDetail.invalidId,
        errors: { postId: MSG.postDetail.invalidId },
      });
    }
  });
});

describe('GET /api/comments/post/{postId}', () => {
  it('lists newest first with flags for each viewer', async () => {
    const post = await insertPost(t, owner.id);
    const first = (await create(author, post.id, 'First')).json().comment;
    const second = (await create(stranger, post.id, 'Second')).json().comment;

    const asAuthor = (await list(post.id, author)).json();
    expect(asAuthor.data.pagination).toEqual({ nextCursor: null, hasMore: false, total: 2 });
    expect(asAuthor.data.comments.map((c: { id: number }) => c.id)).toEqual([second.id, first.id]);
    const flags = (body: { data: { comments: Array<{ canEdit: boolean; canDelete: boolean }> } }) =>
      body.data.comments.map(({ canEdit, canDelete }) => ({ canEdit, canDelete }));
    expect(flags(asAuthor)).toEqual([
      { canEdit: false, canDelete: false },
      { canEdit: true, canDelete: true },
    ]);
    // The post's owner may delete every comment on it but edit none.
    expect(flags((await list(post.id, owner)).json())).toEqual([
      { canEdit: false, canDelete: true },
      { canEdit: false, canDelete: true },
    ]);
    expect(flags((await list(post.id)).json())).toEqual([
      { canEdit: false, canDelete: false },
      { canEdit: false, canDelete: false },
    ]);
  });

  it('pages 50 at a time with a cursor that skips nothing, even for equal timestamps', async () => {
    const post = await insertPost(t, owner.id);
    // 60 rows share one instant; 60 more differ only in microseconds within one millisecond, which a
    // JS Date cannot tell apart.
    const rows = Array.from({ length: 120 }, (_, i) => ({
      postId: post.id,
      userId: i % 2 ? author.id : stranger.id,
      content: `Comment ${i}`,
      createdAt:
        i < 60
          ? new Date('2025-01-01T10:00:00Z')
          : sql`${`2025-01-01T10:00:01.000${String(i - 60).padStart(2, '0')}0Z`}::timestamptz`,
    }));
    await t.database.db.insert(comments).values(rows);
    await t.database.db.update(posts).set({ commentCount: 120 }).where(eq(posts.id, post.id));

    const seen: number[] = [];
    let cursor: string | undefined;
    const pages = [];
    do {
      const body = (await list(post.id, author, cursor)).json();
      pages.push(body.data.comments.length);
      seen.push(...body.data.comments.map((c: { id: number }) => c.id));
      expect(body.data.pagination.total).toBe(120);
      cursor = body.data.pagination.nextCursor ?? undefined;
      expect(body.data.pagination.hasMore).toBe(cursor !== undefined);
    } while (cursor);
    expect(pages).toEqual([50, 50, 20]);
    expect(new Set(seen).size).toBe(120);
    expect((await list(post.id)).json().data.comments[0].content).toBe('Comment 119');
  });

  it('answers 400 for a cursor it did not hand out', async () => {
    const post = await insertPost(t, owner.id);
    const forged = Buffer.from(JSON.stringify(['2024-02-30T00:00:00.000000Z', 1])).toString('base64url');
    for (const cursor of ['nonsense', forged, Buffer.from('[1,2]').toString('base64url')]) {
      const res = await list(post.id, author, cursor);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: 'Invalid cursor' });
    }
  });

  it.each(['0000-01-01T00:00:00.000000Z', '1969-12-31T23:59:59.999999Z'])(
    'answers 400 for a cursor from before 1970 (%s), which PostgreSQL would refuse',
    async (position) => {
      const post = await insertPost(t, owner.id);
      const cursor = Buffer.from(JSON.stringify([position, 1])).toString('base64url');
      const res = await list(post.id, author, cursor);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: 'Invalid cursor',
        errors: { cursor: 'Invalid cursor' },
      });
    },
  );

  it('hides the comments of an unpublished post from everyone but its owner', async () => {
    const draft = await insertPost(t, owner.id, { isPublished: false });
    await create(owner, draft.id, 'Draft note');
    for (const viewer of [stranger, undefined]) {
      expect((await list(draft.id, viewer)).statusCode).toBe(404);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/comments/count/${draft.id}`,
        headers: headers(viewer),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().success).toBe(false);
    }
    expect((await list(draft.id, owner)).json().data.comments).toHaveLength(1);
    expect(await count(draft.id, owner)).toEqual({ success: true, count: 1 });
    expect((await list('x1')).statusCode).toBe(400);
    expect((await list(99_999_999)).statusCode).toBe(404);
  });
});

describe('PUT /api/comments/{id}', () => {
  it('lets the author edit, trimmed, marking it edited', async () => {
    const post = await insertPost(t, owner.id);
    const { id, createdAt } = (await create(author, post.id, 'Price?')).json().comment;
    const res = await edit(author, id, '  Price negotiable?  ');
    expect(res.statusCode).toBe(200);
    const { comment } = res.json();
    expect(comment).toMatchObject({
      id,
      content: 'Price negotiable?',
      isEdited: true,
      createdAt,
      canEdit: true,
    });
    expect(Date.parse(comment.editedAt)).toBeGreaterThanOrEqual(Date.parse(createdAt));
    expect((await list(post.id)).json().data.comments[0]).toMatchObject({
      content: 'Price negotiable?',
      isEdited: true,
    });
  });

  it('answers 403 to the post owner and strangers, 401 to visitors, 400 for bad content, 404 when missing', async () => {
    const post = await insertPost(t, owner.id);
    const { id } = (await create(author, post.id, 'Original')).json().comment;
    for (const user of [owner, stranger]) {
      const res = await edit(user, id, 'Hijacked');
      expect(res.statusCode).toBe(403);
      expect(res.json().success).toBe(false);
    }
    expect((await edit(undefined, id, 'Hijacked')).statusCode).toBe(401);
    for (const content of ['', '   ', 'y'.repeat(2001)])
      expect((await edit(author, id, content)).statusCode).toBe(400);
    expect((await edit(author, 99_999_999, 'Gone')).statusCode).toBe(404);
    expect((await edit(author, 'abc', 'Bad id')).statusCode).toBe(400);
    expect((await list(post.id)).json().data.comments[0]).toMatchObject({
      content: 'Original',
      isEdited: false,
    });
  });

  it("answers 404 once the comment's post is unpublished by someone else", async () => {
    const post = await insertPost(t, owner.id);
    const { id } = (await create(author, post.id, 'Hello')).json().comment;
    await t.database.db.update(posts).set({ isPublished: false }).where(eq(posts.id, post.id));
    expect((await edit(author, id, 'Edited')).statusCode).toBe(404);
    expect((await remove(author, id)).statusCode).toBe(404);
  });
});

describe('DELETE /api/comments/{id}', () => {
  it('lets the author delete their own and the post owner delete anyone’s; counts follow', async () => {
    const post = await insertPost(t, owner.id);
    const mine = (await create(author, post.id, 'Mine')).json().comment;
    const theirs = (await create(stranger, post.id, 'Spam')).json().comment;
    expect(await commentCounter(post.id)).toBe(2);

    const byAuthor = await remove(author, mine.id);
    expect(byAuthor.statusCode).toBe(200);
    expect(byAuthor.json()).toEqual({ success: true });
    expect(await commentCounter(post.id)).toBe(1);

    expect((await remove(owner, theirs.id)).json()).toEqual({ success: true });
    expect(await count(post.id)).toEqual({ success: true, count: 0 });
    expect((await list(post.id)).json().data).toEqual({
      comments: [],
      pagination: { nextCursor: null, hasMore: false, total: 0 },
    });
    expect((await remove(owner, theirs.id)).statusCode).toBe(404);
  });

  it('answers 403 to a stranger and 401 to a visitor, deleting nothing', async () => {
    const post = await insertPost(t, owner.id);
    const { id } = (await create(author, post.id, 'Keep me')).json().comment;
    const res = await remove(stranger, id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false });
    expect((await remove(undefined, id)).statusCode).toBe(401);
    expect(await commentCounter(post.id)).toBe(1);
  });

  it('counts concurrent creates and double deletes exactly', async () => {
    const post = await insertPost(t, owner.id);
    const created = await Promise.all(Array.from({ length: 10 }, (_, i) => create(author, post.id, `c${i}`)));
    expect(await commentCounter(post.id)).toBe(10);
    const [id] = created.map((r) => r.json().comment.id);
    const results = await Promise.all([remove(author, id), remove(author, id), remove(owner, id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404, 404]);
    expect(await commentCounter(post.id)).toBe(9);
  });
});
