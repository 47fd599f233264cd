// The moderation calls (issue 11): who may call them, what each decision does, the queue and the log.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueItem } from '../../../shared/api-types';
import { MSG } from '../../../shared/messages';
import { moderationActions, posts, users } from '../../db/schema';
import { createUser, signIn, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { call, myPosts } from '../../test/listing-helpers';
import { insertPost } from '../../test/post-factory';
import {
  createModerator,
  createUsers,
  MODERATOR_EMAIL,
  publiclyVisible,
  publishViaApi,
  report,
  TRUST_ENV,
} from '../../test/trust-helpers';

let t: TestApp;
let moderator: TestUser;
let member: TestUser;
let seller: TestUser;

beforeAll(async () => {
  t = await createTestApp(TRUST_ENV);
  moderator = await createModerator(t);
  member = await createUser(t.app, { name: 'Member' });
  seller = await createUser(t.app, { name: 'Seller' });
});
afterAll(() => t.close());

const queue = async () =>
  (await call(t, 'GET', '/api/moderation/queue', moderator.cookie)).json().items as QueueItem[];
const decide = (path: string, body?: unknown, cookie = moderator.cookie) =>
  call(t, 'POST', `/api/moderation/${path}`, cookie, body);

describe('moderators', () => {
  it('are the accounts listed in MODERATOR_EMAILS, from sign-up (any case)', async () => {
    const me = await call(t, 'GET', '/api/verify-auth', moderator.cookie);
    expect(me.json().user.role).toBe('moderator');
    expect((await call(t, 'GET', '/api/verify-auth', member.cookie)).json().user.role).toBe('member');
  });

  it('or from their next sign-in when the address is listed later', async () => {
    const later = await createUser(t.app, { email: 'someone.else@example.co.zw' });
    await t.database.db.update(users).set({ role: 'member' }).where(eq(users.id, later.id));
    const cookie = await signIn(t.app, later.email, later.password);
    expect((await call(t, 'GET', '/api/verify-auth', cookie)).json().user.role).toBe('moderator');
  });

  it('alone may call /api/moderation/*: visitors get 401, members 403, and nothing changes', async () => {
    const post = await insertPost(t, seller.id);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/moderation/queue'],
      ['GET', '/api/moderation/actions'],
      ['POST', `/api/moderation/posts/${post.id}/hide`],
      ['POST', `/api/moderation/posts/${post.id}/restore`],
      ['POST', '/api/moderation/comments/1/hide'],
      ['POST', '/api/moderation/comments/1/restore'],
      ['POST', `/api/moderation/users/${seller.id}/suspend`],
      ['POST', `/api/moderation/users/${seller.id}/reinstate`],
      ['POST', `/api/moderation/users/${member.id}/role`, { role: 'moderator' }],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(t, method as 'GET', url, undefined, body)).statusCode, url).toBe(401);
      expect((await call(t, method as 'GET', url, member.cookie, body)).statusCode, url).toBe(403);
    }
    expect(await publiclyVisible(t, post.id)).toBe(true);
    expect((await call(t, 'GET', '/api/verify-auth', member.cookie)).json().user.role).toBe('member');
  });

  it('make another user a moderator, but never change their own role', async () => {
    const helper = await createUser(t.app, { name: 'Helper' });
    const res = await decide(`users/${helper.id}/role`, { role: 'moderator', reason: 'Trusted seller' });
    expect(res.statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/moderation/queue', helper.cookie)).statusCode).toBe(200);
    expect((await decide(`users/${moderator.id}/role`, { role: 'member' })).statusCode).toBe(403);
    expect((await decide(`users/${helper.id}/role`, { role: 'admin' })).statusCode).toBe(400);
    expect((await decide('users/999999/role', { role: 'member' })).statusCode).toBe(404);
    await decide(`users/${helper.id}/role`, { role: 'member' });
    expect((await call(t, 'GET', '/api/moderation/queue', helper.cookie)).statusCode).toBe(403);
  });
});

describe('hide and restore', () => {
  it('hide takes a post out of every public view; the owner sees it removed; restore brings it back', async () => {
    const post = await publishViaApi(t, seller, { name: 'Fridge to hide' });
    const hidden = await decide(`posts/${post.id}/hide`, { reason: 'Stolen goods' });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ success: true, state: 'removed' });
    expect(await publiclyVisible(t, post.id)).toBe(false);
    expect((await myPosts(t, seller.cookie)).find((p) => p.id === post.id)?.Product?.moderation).toBe(
      'removed',
    );
    expect((await decide(`posts/${post.id}/restore`)).json().state).toBe('visible');
    expect(await publiclyVisible(t, post.id)).toBe(true);
  });

  it('restore dismisses the open reports, so the same reporters cannot hide it again', async () => {
    const post = await publishViaApi(t, seller, { name: 'Honest listing' });
    const reporters = await createUsers(t, 5);
    for (const reporter of reporters) await report(t, reporter, post.id);
    expect(await publiclyVisible(t, post.id)).toBe(false);
    expect((await decide(`posts/${post.id}/restore`, { reason: 'Nothing wrong' })).statusCode).toBe(200);
    expect(await publiclyVisible(t, post.id)).toBe(true);
    for (const reporter of reporters)
      expect((await report(t, reporter, post.id)).json().alreadyReported).toBe(true);
    expect(await publiclyVisible(t, post.id)).toBe(true);
    expect((await queue()).some((item) => item.targetType === 'post' && item.id === post.id)).toBe(false);
  });

  it('hides and restores a comment, moving the count', async () => {
    const post = await insertPost(t, seller.id);
    const created = await call(t, 'POST', '/api/comments', member.cookie, {
      postId: post.id,
      content: 'Rude words',
    });
    const id = created.json().comment.id as number;
    expect((await decide(`comments/${id}/hide`)).json().state).toBe('removed');
    expect((await call(t, 'GET', `/api/comments/count/${post.id}`)).json().count).toBe(0);
    expect((await call(t, 'GET', `/api/comments/post/${post.id}`)).json().data.comments).toEqual([]);
    expect((await decide(`comments/${id}/hide`)).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/comments/count/${post.id}`)).json().count).toBe(0);
    expect((await decide(`comments/${id}/restore`)).json().state).toBe('visible');
    expect((await call(t, 'GET', `/api/comments/count/${post.id}`)).json().count).toBe(1);
  });

  it('answers 404 for a draft, a missing target and 400 for a bad id', async () => {
    const draft = await insertPost(t, seller.id, { isPublished: false });
    expect((await decide(`posts/${draft.id}/hide`)).statusCode).toBe(404);
    expect((await decide('posts/999999/hide')).statusCode).toBe(404);
    expect((await decide('comments/999999/restore')).statusCode).toBe(404);
    expect((await decide('posts/abc/hide')).statusCode).toBe(400);
    expect((await decide(`posts/${draft.id}/hide`, { reason: 'r'.repeat(501) })).statusCode).toBe(400);
  });
});

describe('suspend and reinstate', () => {
  it("ends the user's sessions, refuses their sign-in and takes their posts and comments out of public view", async () => {
    const spammer = await createUser(t.app, { name: 'Spammer' });
    const post = await publishViaApi(t, spammer, { name: 'Cheap phones' });
    const other = await insertPost(t, seller.id);
    await call(t, 'POST', '/api/comments', spammer.cookie, { postId: other.id, content: 'Visit my page' });
    expect((await call(t, 'GET', `/api/comments/count/${other.id}`)).json().count).toBe(1);

    const res = await decide(`users/${spammer.id}/suspend`, { reason: 'Spam wave' });
    expect(res.json()).toMatchObject({ success: true, state: 'suspended' });
    expect((await call(t, 'GET', '/api/my-created-posts', spammer.cookie)).statusCode).toBe(401);
    const login = await call(t, 'POST', '/api/login', undefined, {
      email: spammer.email,
      password: spammer.password,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(MSG.moderation.suspended);
    expect(login.cookies.some((c) => c.value)).toBe(false);
    expect(await publiclyVisible(t, post.id)).toBe(false);
    expect((await call(t, 'GET', `/api/comments/post/${other.id}`)).json().data.comments).toEqual([]);
    expect((await call(t, 'GET', `/api/comments/count/${other.id}`)).json().count).toBe(0);
    // The wrong password learns nothing about the suspension.
    const wrong = await call(t, 'POST', '/api/login', undefined, {
      email: spammer.email,
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(401);

    expect((await decide(`users/${spammer.id}/reinstate`)).json().state).toBe('active');
    expect(await publiclyVisible(t, post.id)).toBe(true);
    expect((await call(t, 'GET', `/api/comments/count/${other.id}`)).json().count).toBe(1);
    expect(
      (await call(t, 'POST', '/api/login', undefined, { email: spammer.email, password: spammer.password }))
        .statusCode,
    ).toBe(200);
  });

  it('cannot suspend their own account', async () => {
    const res = await decide(`users/${moderator.id}/suspend`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.moderation.notYourself);
  });
});

describe('GET /api/moderation/queue', () => {
  it('lists hidden, held, reported and warned items most urgent first, with reports and author history', async () => {
    const fresh = await createTestApp(TRUST_ENV);
    try {
      const mod = await createUser(fresh.app, { email: MODERATOR_EMAIL });
      const author = await createUser(fresh.app, { name: 'Author' });
      const reporters = await createUsers(fresh, 5);
      const reported = await publishViaApi(fresh, author, { name: 'Reported once' });
      const warned = await publishViaApi(fresh, author, {
        name: 'iPhone 15',
        details: 'Pay with Western Union and I will send it from London.',
      });
      const hidden = await publishViaApi(fresh, author, { name: 'Hidden by reports' });
      await report(fresh, reporters[0] as TestUser, reported.id, { reason: 'spam', note: 'Posted 5 times' });
      for (const r of reporters) await report(fresh, r, hidden.id);
      const ordinary = await publishViaApi(fresh, author, { name: 'Ordinary' });

      const res = await call(fresh, 'GET', '/api/moderation/queue', mod.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const items = res.json().items as QueueItem[];
      expect(items.map((i) => i.id)).toEqual([hidden.id, reported.id, warned.id]);
      expect(items.some((i) => i.id === ordinary.id)).toBe(false);
      const [first, second, third] = items as [QueueItem, QueueItem, QueueItem];
      expect(first).toMatchObject({
        targetType: 'post',
        state: 'pending',
        reportWeight: 5,
        title: 'Hidden by reports',
      });
      expect(second.reports).toEqual([
        {
          reason: 'spam',
          note: 'Posted 5 times',
          weight: 1,
          weighed: 'member',
          afterRestore: false,
          createdAt: expect.any(String),
        },
      ]);
      expect(third.safetyWarning).toContain(MSG.safety.neverPayFirst);
      expect(first.author).toMatchObject({
        id: author.id,
        name: 'Author',
        role: 'member',
        accountAgeDays: 0,
        suspended: false,
        postCount: 4,
        commentCount: 0,
      });
      expect(first.author.previousActions.map((a) => a.action)).toEqual(['auto-hide']);

      // A decision takes an item out of the queue.
      await call(fresh, 'POST', `/api/moderation/posts/${warned.id}/restore`, mod.cookie);
      await call(fresh, 'POST', `/api/moderation/posts/${hidden.id}/hide`, mod.cookie);
      const after = (await call(fresh, 'GET', '/api/moderation/queue', mod.cookie)).json()
        .items as QueueItem[];
      expect(after.map((i) => i.id)).toEqual([reported.id]);
    } finally {
      await fresh.close();
    }
  });
});

describe('GET /api/moderation/queue under a pile of warnings', () => {
  it('still puts hidden and held items first when hundreds of warned ones wait', async () => {
    const spammer = await createUser(t.app, { name: 'Warned a lot' });
    const base = {
      userId: spammer.id,
      type: 'product' as const,
      sellOrBuy: 'Sell' as const,
      category: 'Electronics',
    };
    await t.database.db.insert(posts).values(
      Array.from({ length: 600 }, (_, i) => ({
        ...base,
        name: `Warned ${i}`,
        price: '1',
        paymentMethods: 'Western Union',
        details: 'Pay by Western Union',
        city: 'Harare',
        location: 'CBD',
        isPublished: true,
        publishedAt: new Date(),
        createdAt: new Date(Date.now() - 86_400_000 + i),
        scamSignals: ['money-transfer'],
      })),
    );
    const held = await insertPost(t, seller.id, { name: 'Held copy' });
    await t.database.db.update(posts).set({ moderation: 'held' }).where(eq(posts.id, held.id));
    const items = (await call(t, 'GET', '/api/moderation/queue?limit=100', moderator.cookie)).json()
      .items as QueueItem[];
    expect(items).toHaveLength(100);
    expect(items.findIndex((i) => i.id === held.id)).toBeLessThan(10);
  });
});

describe('GET /api/moderation/actions', () => {
  it('is the audit log: who did what to which target, when and why, newest first, page by page', async () => {
    const post = await publishViaApi(t, seller, { name: 'Logged' });
    await decide(`posts/${post.id}/hide`, { reason: 'Counterfeit' });
    const res = await call(t, 'GET', '/api/moderation/actions', moderator.cookie);
    expect(res.statusCode).toBe(200);
    const [latest] = res.json().actions;
    expect(latest).toMatchObject({
      action: 'hide',
      targetType: 'post',
      targetId: post.id,
      reason: 'Counterfeit',
      moderator: { id: moderator.id, name: 'Rudo Moderator' },
    });
    expect(Date.parse(latest.createdAt)).not.toBeNaN();

    for (let i = 0; i < 55; i += 1) await decide(`posts/${post.id}/${i % 2 ? 'hide' : 'restore'}`);
    const page1 = (await call(t, 'GET', '/api/moderation/actions', moderator.cookie)).json();
    expect(page1.actions).toHaveLength(50);
    const page2 = (
      await call(t, 'GET', `/api/moderation/actions?cursor=${page1.nextCursor}`, moderator.cookie)
    ).json();
    const ids = [...page1.actions, ...page2.actions].map((a: { id: number }) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(
      (await call(t, 'GET', '/api/moderation/actions?cursor=nonsense', moderator.cookie)).statusCode,
    ).toBe(400);
  });
});

describe('the limits of a moderator', () => {
  it('cannot suspend or demote a moderator the configuration names, nor decide on their own content', async () => {
    const promoted = await createUser(t.app, { name: 'Promoted' });
    await decide(`users/${promoted.id}/role`, { role: 'moderator' });
    const byPromoted = (path: string, body?: unknown) => decide(path, body, promoted.cookie);
    for (const path of [`users/${moderator.id}/suspend`, `users/${moderator.id}/role`]) {
      const res = await byPromoted(path, { role: 'member' });
      expect(res.statusCode, path).toBe(403);
      expect(res.json().message).toBe(MSG.moderation.listedModerator);
    }
    const own = await publishViaApi(t, promoted, { name: 'My own listing' });
    expect((await byPromoted(`posts/${own.id}/restore`)).statusCode).toBe(403);
    expect((await byPromoted(`posts/${own.id}/hide`)).statusCode).toBe(403);
    await decide(`users/${promoted.id}/role`, { role: 'member' });
  });

  it("no member can take a configured moderator's address, and promotions by configuration are logged", async () => {
    const sneaky = await createUser(t.app, { name: 'Sneaky' });
    const res = await call(t, 'PUT', '/api/update-user', sneaky.cookie, {
      name: 'Sneaky',
      email: 'someone.else@example.co.zw',
      phoneNumber: '0771234567',
      currentPassword: sneaky.password,
    });
    expect(res.statusCode).toBe(409);
    expect((await call(t, 'GET', '/api/verify-auth', sneaky.cookie)).json().user.role).toBe('member');
    const byConfiguration = await t.database.db
      .select({ subject: moderationActions.subjectUserId, reason: moderationActions.reason })
      .from(moderationActions)
      .where(and(eq(moderationActions.action, 'set-role'), isNull(moderationActions.moderatorId)));
    expect(byConfiguration.map((a) => a.subject)).toContain(moderator.id);
    expect(byConfiguration.every((a) => a.reason?.includes('MODERATOR_EMAILS'))).toBe(true);
  });

  it("a suspended account's open reports stop counting; a deleted comment's reports leave the queue", async () => {
    const post = await publishViaApi(t, seller, { name: 'Targeted by a ring' });
    const ring = await createUsers(t, 4, 'Ring');
    for (const r of ring) await report(t, r, post.id);
    for (const r of ring) await decide(`users/${r.id}/suspend`, { reason: 'Report ring' });
    const honest = await createUser(t.app, { name: 'Honest reporter' });
    await report(t, honest, post.id);
    expect(await publiclyVisible(t, post.id)).toBe(true);

    const other = await insertPost(t, seller.id);
    const created = await call(t, 'POST', '/api/comments', member.cookie, {
      postId: other.id,
      content: 'Nasty words',
    });
    const commentId = created.json().comment.id as number;
    await report(t, honest, commentId, { targetType: 'comment', reason: 'offensive' });
    expect((await queue()).some((i) => i.targetType === 'comment' && i.id === commentId)).toBe(true);
    await call(t, 'DELETE', `/api/comments/${commentId}`, member.cookie);
    expect((await queue()).some((i) => i.targetType === 'comment' && i.id === commentId)).toBe(false);
  });
});
