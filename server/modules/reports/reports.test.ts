// POST /api/reports and the weighted automatic hiding (issue 11).
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { reports } from '../../db/schema';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { call, myPosts } from '../../test/listing-helpers';
import { insertPost } from '../../test/post-factory';
import { DAY_MS, TestClock } from '../../test/test-clock';
import {
  createModerator,
  createUsers,
  publiclyVisible,
  publishViaApi,
  report,
  TRUST_ENV,
} from '../../test/trust-helpers';

const clock = new TestClock();
let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  t = await createTestApp(TRUST_ENV, { clock });
  seller = await createUser(t.app, { name: 'Seller' });
  buyer = await createUser(t.app, { name: 'Buyer' });
  moderator = await createModerator(t);
});
afterAll(() => t.close());

const reportCount = async (targetId: number) => {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(reports)
    .where(eq(reports.targetId, targetId));
  return row?.n ?? 0;
};

describe('POST /api/reports', () => {
  it('files a report once per user and target; a repeat changes nothing and says so', async () => {
    const post = await insertPost(t, seller.id);
    const first = await report(t, buyer, post.id, { reason: 'scam', note: 'Asked me for a deposit first' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ success: true, message: MSG.reports.thanks, alreadyReported: false });
    const again = await report(t, buyer, post.id, { reason: 'spam' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, message: MSG.reports.already, alreadyReported: true });
    expect(await reportCount(post.id)).toBe(1);
  });

  it('is for signed-in users only', async () => {
    const post = await insertPost(t, seller.id);
    const res = await call(t, 'POST', '/api/reports', undefined, {
      targetType: 'post',
      targetId: post.id,
      reason: 'scam',
    });
    expect(res.statusCode).toBe(401);
    expect(await reportCount(post.id)).toBe(0);
  });

  it('refuses a report of your own post or comment', async () => {
    const post = await insertPost(t, seller.id);
    const own = await report(t, seller, post.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(MSG.reports.ownPost);
    const comment = await call(t, 'POST', '/api/comments', buyer.cookie, {
      postId: post.id,
      content: 'Still available?',
    });
    const ownComment = await report(t, buyer, comment.json().comment.id, { targetType: 'comment' });
    expect(ownComment.statusCode).toBe(403);
    expect(ownComment.json().message).toBe(MSG.reports.ownComment);
    expect(await reportCount(post.id)).toBe(0);
  });

  it('answers 404 for a post the reporter cannot see, and 400 for bad input, changing nothing', async () => {
    const draft = await insertPost(t, seller.id, { isPublished: false });
    expect((await report(t, buyer, draft.id)).statusCode).toBe(404);
    expect((await report(t, buyer, 999_999)).statusCode).toBe(404);
    const post = await insertPost(t, seller.id);
    for (const body of [
      { targetType: 'user', targetId: post.id, reason: 'scam' },
      { targetType: 'post', targetId: post.id, reason: 'because' },
      { targetType: 'post', targetId: 'abc', reason: 'scam' },
      { targetType: 'post', targetId: post.id, reason: 'other', note: 'x'.repeat(501) },
      { targetType: 'post', targetId: post.id, reason: 'other', note: 'nul \u0000 here' },
      { targetType: 'post', targetId: post.id },
    ]) {
      const res = await call(t, 'POST', '/api/reports', buyer.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await reportCount(post.id)).toBe(0);
    const longest = await report(t, buyer, post.id, { reason: 'other', note: 'n'.repeat(500) });
    expect(longest.statusCode).toBe(201);
  });

  it('reports a comment another user wrote', async () => {
    const post = await insertPost(t, seller.id);
    const comment = await call(t, 'POST', '/api/comments', seller.cookie, {
      postId: post.id,
      content: 'DM me',
    });
    const res = await report(t, buyer, comment.json().comment.id, {
      targetType: 'comment',
      reason: 'offensive',
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('weighted automatic hiding', () => {
  it('hides a post at weight 5: four new-account reports leave it visible, the fifth hides it', async () => {
    const post = await publishViaApi(t, seller, { name: 'Generator for sale' });
    const reporters = await createUsers(t, 5);
    for (const reporter of reporters.slice(0, 4))
      expect((await report(t, reporter, post.id)).statusCode).toBe(201);
    expect(await publiclyVisible(t, post.id)).toBe(true);

    expect((await report(t, reporters[4] as TestUser, post.id)).statusCode).toBe(201);
    expect(await publiclyVisible(t, post.id)).toBe(false);
    // Gone for other members and from the engagement calls too.
    expect((await call(t, 'GET', `/api/posts/${post.id}`, buyer.cookie)).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/likes/toggle/${post.id}`, buyer.cookie)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/comments/post/${post.id}`)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/posts?search=Generator`)).json().posts).toEqual([]);
    const rolling = (await call(t, 'GET', '/api/first-payload')).json().posts as { id: number }[];
    expect(rolling.some((p) => p.id === post.id)).toBe(false);

    // The owner still sees it, marked for the dashboard; so does a moderator.
    const detail = await call(t, 'GET', `/api/posts/${post.id}`, seller.cookie);
    expect(detail.statusCode).toBe(200);
    const mine = (await myPosts(t, seller.cookie)).find((p) => p.id === post.id);
    expect(mine?.Product?.moderation).toBe('pending');
    expect((await call(t, 'GET', `/api/posts/${post.id}`, moderator.cookie)).statusCode).toBe(200);
  });

  it('counts reports from accounts older than 7 days with a public post double: three of them hide a post', async () => {
    const post = await publishViaApi(t, seller, { name: 'Solar panel 300W' });
    const reporters = await createUsers(t, 3, 'Old account');
    for (const reporter of reporters) await insertPost(t, reporter.id, { name: `${reporter.name}'s chair` });
    clock.advance(8 * DAY_MS);
    try {
      for (const reporter of reporters.slice(0, 2)) await report(t, reporter, post.id);
      expect(await publiclyVisible(t, post.id)).toBe(true);
      await report(t, reporters[2] as TestUser, post.id);
      expect(await publiclyVisible(t, post.id)).toBe(false);
      const weights = await t.database.db
        .select({ w: reports.weight })
        .from(reports)
        .where(eq(reports.targetId, post.id));
      expect(weights.map((r) => r.w)).toEqual([2, 2, 2]);
    } finally {
      clock.advance(-8 * DAY_MS);
    }
  });

  it('hides a comment at the same weight: gone from the list and the count, kept for its author', async () => {
    const post = await insertPost(t, seller.id);
    const writer = await createUser(t.app, { name: 'Comment writer' });
    const created = await call(t, 'POST', '/api/comments', writer.cookie, {
      postId: post.id,
      content: 'Call me',
    });
    const commentId = created.json().comment.id as number;
    for (const reporter of await createUsers(t, 5))
      await report(t, reporter, commentId, { targetType: 'comment', reason: 'spam' });

    const publicList = (await call(t, 'GET', `/api/comments/post/${post.id}`)).json().data;
    expect(publicList.comments).toEqual([]);
    expect(publicList.pagination.total).toBe(0);
    expect((await call(t, 'GET', `/api/comments/count/${post.id}`)).json().count).toBe(0);
    const own = (await call(t, 'GET', `/api/comments/post/${post.id}`, writer.cookie)).json().data.comments;
    expect(own.map((c: { id: number; moderation: string }) => [c.id, c.moderation])).toEqual([
      [commentId, 'pending'],
    ]);
    // Deleting the hidden comment does not count down a second time.
    expect((await call(t, 'DELETE', `/api/comments/${commentId}`, writer.cookie)).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/comments/count/${post.id}`)).json().count).toBe(0);
  });

  it('adds up concurrent reports exactly once', async () => {
    const post = await publishViaApi(t, seller, { name: 'Bicycle' });
    const reporters = await createUsers(t, 8);
    const answers = await Promise.all(reporters.map((r) => report(t, r, post.id)));
    // The five that came first hid it; to the others it is gone (a 404, like any hidden post).
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 404, 404, 404]);
    expect(await publiclyVisible(t, post.id)).toBe(false);
    const log = await call(t, 'GET', '/api/moderation/actions', moderator.cookie);
    const autoHides = log
      .json()
      .actions.filter(
        (a: { action: string; targetId: number }) => a.action === 'auto-hide' && a.targetId === post.id,
      );
    expect(autoHides).toHaveLength(1);
  });
});
