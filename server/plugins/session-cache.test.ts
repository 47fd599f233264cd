// A GET may use a session looked up less than SESSION_CACHE_MS ago; a write always asks the database,
// and every call that ends or changes sessions clears the cache at once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema';
import { createUser, signIn, type TestUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { call } from '../test/listing-helpers';
import { TestClock } from '../test/test-clock';
import { createModerator, publishViaApi, TRUST_ENV } from '../test/trust-helpers';

let t: TestApp;
const clock = new TestClock();

beforeAll(async () => {
  t = await createTestApp({ ...TRUST_ENV, SESSION_CACHE_MS: '1000' }, { clock });
});
afterAll(() => t.close());

const signedInAs = async (user: TestUser) => {
  const res = await call(t, 'GET', '/api/verify-auth', user.cookie);
  expect(res.statusCode).toBe(200);
  return res.json().user?.name ?? null;
};

describe('session cache', () => {
  it('lets a GET use a session ended behind its back (another instance without Redis) until the TTL, never a write', async () => {
    const user = await createUser(t.app, { name: 'Chipo Cached' });
    const post = await publishViaApi(t, user);
    expect(await signedInAs(user)).toBe('Chipo Cached');
    await t.database.db.delete(sessions).where(eq(sessions.userId, user.id));

    expect(await signedInAs(user)).toBe('Chipo Cached');
    const comment = await call(t, 'POST', '/api/comments', user.cookie, { postId: post.id, content: 'Hi' });
    expect(comment.statusCode).toBe(401);

    clock.advance(1001);
    expect(await signedInAs(user)).toBeNull();
    expect((await call(t, 'GET', '/api/fetch-user', user.cookie)).statusCode).toBe(401);
  });

  it('ends a session at once on sign-out, for the GETs that had it cached too', async () => {
    const user = await createUser(t.app);
    expect(await signedInAs(user)).toBe(user.name);
    expect((await call(t, 'POST', '/api/logout', user.cookie)).statusCode).toBe(200);
    expect(await signedInAs(user)).toBeNull();
  });

  it('ends the other sessions at once on a password change', async () => {
    const user = await createUser(t.app);
    const phone = { ...user, cookie: await signIn(t.app, user.email, user.password) };
    expect(await signedInAs(phone)).toBe(user.name);
    const changed = await call(t, 'POST', '/api/change-password', user.cookie, {
      currentPassword: user.password,
      newPassword: 'a brand new passphrase',
    });
    expect(changed.statusCode).toBe(200);
    expect(await signedInAs(phone)).toBeNull();
    expect(await signedInAs(user)).toBe(user.name);
  });

  it("shows a new name and a new role at once, and a suspended member's GETs are signed out at once", async () => {
    const moderator = await createModerator(t);
    const member = await createUser(t.app, { name: 'Tatenda Before' });
    expect(await signedInAs(member)).toBe('Tatenda Before');
    const renamed = await call(t, 'PUT', '/api/update-user', member.cookie, {
      name: 'Tatenda After',
      email: member.email,
      phoneNumber: member.phoneNumber,
    });
    expect(renamed.statusCode).toBe(200);
    expect(await signedInAs(member)).toBe('Tatenda After');

    expect((await call(t, 'GET', '/api/moderation/queue', member.cookie)).statusCode).toBe(403);
    const promoted = await call(t, 'POST', `/api/moderation/users/${member.id}/role`, moderator.cookie, {
      role: 'moderator',
    });
    expect(promoted.statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/moderation/queue', member.cookie)).statusCode).toBe(200);
    const demoted = await call(t, 'POST', `/api/moderation/users/${member.id}/role`, moderator.cookie, {
      role: 'member',
    });
    expect(demoted.statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/moderation/queue', member.cookie)).statusCode).toBe(403);

    const suspended = await call(
      t,
      'POST',
      `/api/moderation/users/${member.id}/suspend`,
      moderator.cookie,
      {},
    );
    expect(suspended.statusCode).toBe(200);
    expect(await signedInAs(member)).toBeNull();
    const [row] = await t.database.db
      .select({ at: users.suspendedAt })
      .from(users)
      .where(eq(users.id, member.id));
    expect(row?.at).not.toBeNull();
  });
});
