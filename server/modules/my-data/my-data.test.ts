// A person's own data (issue 31): GET /api/account/export holds everything kept about them and no
// token; DELETE /api/account takes their posts (files too), likes, saved posts and sessions, keeps their
// comments as 'Deleted user', frees the email and phone, and mails the address one last time. Issue 32:
// conversations and blocks are in the export; a deleted account's messages stay with the other person.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageDto } from '../../../shared/api-types';
import { DELETED_USER_NAME, MSG } from '../../../shared/messages';
import { blocks, mailOutbox, moderationActions, posts, reports, userEvents, users } from '../../db/schema';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { uploadParts } from '../../test/multipart';
import { insertPost } from '../../test/post-factory';
import { createModerator, report, TRUST_ENV } from '../../test/trust-helpers';
import { jpeg } from '../images/test-images';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ...TRUST_ENV, SIGNUPS_PER_IP: '100' });
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function postWithPhoto(owner: TestUser) {
  const post = await insertPost(t, owner.id, { name: `${owner.name}'s radio` });
  const res = await uploadParts(t.app, owner.cookie, [
    { name: 'postId', value: String(post.id) },
    { name: 'type', value: 'product' },
    { name: 'images', filename: 'p.jpg', data: await jpeg(400, 300) },
  ]);
  expect(res.statusCode).toBe(201);
  return { post, image: (res.json().images as ImageDto[])[0] as ImageDto };
}

/** A person with one of everything: a post with a photo, a draft, a comment, a like, a save, a report. */
async function activeMember() {
  const member = await createUser(t.app, { name: 'Rudo Export' });
  const other = await createUser(t.app, { name: 'Tapiwa Other' });
  const { post, image } = await postWithPhoto(member);
  const draft = await insertPost(t, member.id, { isPublished: false, name: 'Draft chair' });
  const theirs = await insertPost(t, other.id, { name: 'Bicycle' });
  expect(
    (await api('POST', '/api/comments', member.cookie, { postId: theirs.id, content: 'Still there?' }))
      .statusCode,
  ).toBe(201);
  expect((await api('POST', `/api/likes/toggle/${theirs.id}`, member.cookie)).statusCode).toBe(200);
  expect((await api('PUT', `/api/favourites/${theirs.id}`, member.cookie)).statusCode).toBe(200);
  expect((await report(t, member, theirs.id)).statusCode).toBe(201);
  return { member, other, post, image, draft, theirs };
}

describe('GET /api/account/export', () => {
  it('answers everything held about the caller as a JSON attachment, and no session token', async () => {
    const { member, post, image, draft, theirs } = await activeMember();
    const res = await api('GET', '/api/account/export', member.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="zim-marketplace-data-${member.id}.json"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = res.json();
    expect(data.profile).toMatchObject({
      id: member.id,
      name: 'Rudo Export',
      email: member.email,
      emailVerified: false,
    });
    expect(data.posts.map((p: { item: { id: number } }) => p.item.id)).toEqual([post.id, draft.id]);
    expect(data.posts[0].images).toEqual([image]);
    expect(data.comments).toEqual([expect.objectContaining({ postId: theirs.id, content: 'Still there?' })]);
    expect(data.likes).toEqual([{ postId: theirs.id, likedAt: expect.any(String) }]);
    expect(data.favourites).toEqual([{ postId: theirs.id, savedAt: expect.any(String) }]);
    expect(data.reports).toEqual([
      expect.objectContaining({ targetType: 'post', targetId: theirs.id, reason: 'scam' }),
    ]);
    expect(data.sessions).toEqual([expect.objectContaining({ current: true })]);
    expect(res.body).not.toContain(member.cookie.split('=')[1]);
    expect(res.body).not.toContain('$argon2');
  });

  it('is for the signed-in only', async () => {
    expect((await api('GET', '/api/account/export')).statusCode).toBe(401);
  });

  it('holds their conversations (what they can see of them), whom they blocked and the phone setting', async () => {
    const member = await createUser(t.app, { name: 'Rudo Talks' });
    const seller = await createUser(t.app, { name: 'Chipo Seller' });
    const pest = await createUser(t.app, { name: 'Pest Person' });
    const post = await insertPost(t, seller.id, { name: 'Gas stove' });
    const started = await api('POST', '/api/conversations', member.cookie, {
      postId: post.id,
      message: 'Hello',
    });
    const id = started.json().conversation.id;
    await api('POST', `/api/conversations/${id}/messages`, seller.cookie, { message: 'Hi, yes' });
    await api('PUT', `/api/blocks/${pest.id}`, member.cookie);
    await api('PUT', '/api/me/contact-settings', member.cookie, { showPhoneOnPosts: false });

    const data = (await api('GET', '/api/account/export', member.cookie)).json();
    expect(data.profile.showPhoneOnPosts).toBe(false);
    expect(data.conversations).toEqual([
      {
        id,
        postId: post.id,
        postName: 'Gas stove',
        with: 'Chipo Seller',
        messages: [
          { fromMe: true, body: 'Hello', sentAt: expect.any(String) },
          { fromMe: false, body: 'Hi, yes', sentAt: expect.any(String) },
        ],
      },
    ]);
    expect(data.blocked).toEqual([{ userId: pest.id, name: 'Pest Person', blockedAt: expect.any(String) }]);
    // The other person's export is theirs: it holds the same conversation from their side only.
    const theirs = (await api('GET', '/api/account/export', seller.cookie)).json();
    expect(theirs.conversations[0].messages.map((m: { fromMe: boolean }) => m.fromMe)).toEqual([false, true]);
    expect(theirs.blocked).toEqual([]);
  });
});

describe('DELETE /api/account', () => {
  it('refuses a wrong password with 403 and changes nothing; it counts like a failed sign-in', async () => {
    const member = await createUser(t.app);
    for (let i = 0; i < 10; i++) {
      const res = await api('DELETE', '/api/account', member.cookie, { password: 'not my password' });
      expect(res.statusCode).toBe(403);
      expect(res.json().errors.password).toBe(MSG.myData.passwordWrong);
    }
    // The lockout counted them: the right password now waits too.
    expect(
      (await api('DELETE', '/api/account', member.cookie, { password: member.password })).statusCode,
    ).toBe(429);
    expect((await api('GET', '/api/verify-auth', member.cookie)).json().isAuthenticated).toBe(true);
  });

  it('deletes posts and photos, likes, saves and sessions; keeps comments as Deleted user; frees the email', async () => {
    const { member, other, post, image, theirs } = await activeMember();
    const moderator = await createModerator(t);
    expect(
      (await api('POST', `/api/moderation/posts/${post.id}/hide`, moderator.cookie, {})).statusCode,
    ).toBe(200);
    const mediaDir = path.join(t.dataDir, 'media');
    const filesBefore = readdirSync(mediaDir, { recursive: true }).length;
    const [signedUp] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(signedUp?.signupAddress).toEqual(expect.any(String));

    const res = await api('DELETE', '/api/account', member.cookie, { password: member.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.myData.deleted });

    // Posts and their images, files included.
    expect(await t.database.db.select().from(posts).where(eq(posts.userId, member.id))).toEqual([]);
    expect((await api('GET', image.url)).statusCode).toBe(404);
    expect(existsSync(path.join(mediaDir, image.url.replace(/^\/media\//, '')))).toBe(false);
    expect(readdirSync(mediaDir, { recursive: true }).length).toBeLessThan(filesBefore);
    // Likes (and the count), saves and sessions.
    const engagement = await api('GET', `/api/likes/engagement/${theirs.id}`, other.cookie);
    expect(engagement.json().data.likeCount).toBe(0);
    expect((await api('GET', '/api/verify-auth', member.cookie)).json().isAuthenticated).toBe(false);
    // The comment stays, by 'Deleted user'.
    const comments = await api('GET', `/api/comments/post/${theirs.id}`);
    expect(comments.json().data.comments).toEqual([
      expect.objectContaining({
        content: 'Still there?',
        author: expect.objectContaining({ name: DELETED_USER_NAME }),
      }),
    ]);
    // The audit log keeps its rows with the user id.
    const actions = await t.database.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.subjectUserId, member.id));
    expect(actions.length).toBeGreaterThan(0);
    // A last mail to the address.
    const [last] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'account-deleted'));
    expect(last?.toAddress).toBe(member.email);
    // Signing in fails as for an unknown account; the email and phone are free for a new one.
    const login = await api('POST', '/api/login', undefined, {
      email: member.email,
      password: member.password,
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toBe(MSG.login.invalidCredentials);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ name: DELETED_USER_NAME, phoneNumber: '', signupAddress: null });
    expect(row?.deletedAt).not.toBeNull();
    // Their report stays for the moderators, without the (keyed) address it came from.
    const filed = await t.database.db.select().from(reports).where(eq(reports.reporterId, member.id));
    expect(filed.map((r) => r.address)).toEqual([null]);
    await createUser(t.app, { email: member.email, phoneNumber: member.phoneNumber });
  });

  it('leaves their messages with the other person as Deleted user, who can no longer be messaged', async () => {
    const member = await createUser(t.app, { name: 'Rudo Leaving' });
    const seller = await createUser(t.app, { name: 'Chipo Staying' });
    const pest = await createUser(t.app);
    const post = await insertPost(t, seller.id, { name: 'Gas stove' });
    const id = (
      await api('POST', '/api/conversations', member.cookie, {
        postId: post.id,
        message: 'Is it still there?',
      })
    ).json().conversation.id;
    await api('PUT', `/api/blocks/${pest.id}`, member.cookie);
    expect(
      (await api('DELETE', '/api/account', member.cookie, { password: member.password })).statusCode,
    ).toBe(200);

    const conversation = (await api('GET', `/api/conversations/${id}`, seller.cookie)).json();
    expect(conversation).toMatchObject({
      other: { name: DELETED_USER_NAME },
      blocked: true,
      safetyTip: null,
    });
    const thread = (await api('GET', `/api/conversations/${id}/messages`, seller.cookie)).json();
    expect(thread.messages.map((m: { body: string }) => m.body)).toEqual(['Is it still there?']);
    const reply = await api('POST', `/api/conversations/${id}/messages`, seller.cookie, {
      message: 'Hello?',
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toBe(MSG.messages.blocked);
    // Their blocks and live events are gone with them.
    expect(await t.database.db.select().from(blocks).where(eq(blocks.blockerId, member.id))).toEqual([]);
    expect(await t.database.db.select().from(userEvents).where(eq(userEvents.userId, member.id))).toEqual([]);
  });

  it('asks for the password and a session', async () => {
    const member = await createUser(t.app);
    expect((await api('DELETE', '/api/account', member.cookie, {})).statusCode).toBe(400);
    expect((await api('DELETE', '/api/account', undefined, { password: 'x' })).statusCode).toBe(401);
  });
});
