// The email is the login: changing it needs a recent password check (this session's /pass
// verification within 5 minutes, or the current password in the same request). Without one: 403,
// nothing changes, and whether the new address is taken (409) is not revealed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { createUser, signIn, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { callUsers, setPasswordVerifiedAt } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUPS_PER_IP: '100', LOGIN_FAILURES_PER_ACCOUNT: '3' });
});
afterAll(() => t.close());

const updateUser = (user: TestUser, changes: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/update-user',
    headers: { cookie: user.cookie },
    payload: {
      userId: user.id,
      name: user.name,
      email: user.email,
      phoneNumber: user.phoneNumber,
      ...changes,
    },
  });

const profile = async (user: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/fetch-user', headers: { cookie: user.cookie } })).json();

const refused = {
  message: MSG.profile.confirmEmailChange,
  errors: { currentPassword: MSG.profile.confirmEmailChange },
};

describe('changing the email', () => {
  it('without a password check answers 403 and changes nothing, not even the name', async () => {
    const user = await createUser(t.app);
    const res = await updateUser(user, { name: 'Changed Name', email: `new.${user.email}` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refused);
    expect(await profile(user)).toMatchObject({ name: user.name, email: user.email });
    await expect(signIn(t.app, `new.${user.email}`, user.password)).rejects.toThrow(/401/);
  });

  it("to another account's address without a password check is 403, not 409", async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const res = await updateUser(user, { email: other.email });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refused);
  });

  it('with the current password in the same request succeeds', async () => {
    const user = await createUser(t.app);
    const email = `new.${user.email}`;
    const res = await updateUser(user, { email, currentPassword: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(email);
    await expect(signIn(t.app, email, user.password)).resolves.toMatch(/^sid=/);
  });

  it('with the current password, a taken address is still 409 and changes nothing', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const res = await updateUser(user, {
      name: 'Changed',
      email: other.email,
      currentPassword: user.password,
    });
    expect(res.statusCode).toBe(409);
    expect(await profile(user)).toMatchObject({ name: user.name, email: user.email });
  });

  it('with a wrong password answers 401, changes nothing, and counts toward the lockout', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    for (let i = 0; i < 3; i++) {
      const res = await updateUser(user, { email: other.email, currentPassword: `wrong guess ${i}` });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        message: MSG.password.incorrect,
        errors: { currentPassword: MSG.password.incorrect },
      });
    }
    const locked = await updateUser(user, { email: `new.${user.email}`, currentPassword: user.password });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await callUsers(t, user.cookie).login(user.email, user.password)).statusCode).toBe(429);
    expect(await profile(user)).toMatchObject({ email: user.email });
  });

  it('after a /pass check in the last 5 minutes needs no password', async () => {
    const user = await createUser(t.app);
    const check = await callUsers(t, user.cookie).checkPassword({
      currentUser: user.id,
      providedPassword: user.password,
    });
    expect(check.statusCode).toBe(200);
    const res = await updateUser(user, { email: `new.${user.email}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(`new.${user.email}`);
  });

  it('after a /pass check more than 5 minutes ago answers 403', async () => {
    const user = await createUser(t.app);
    await setPasswordVerifiedAt(t, user.cookie, new Date(Date.now() - 6 * 60_000));
    const res = await updateUser(user, { email: `new.${user.email}` });
    expect(res.statusCode).toBe(403);
    expect(await profile(user)).toMatchObject({ email: user.email });
  });

  it('a /pass check on another session of the user does not count for this one', async () => {
    const user = await createUser(t.app);
    const otherSession = await signIn(t.app, user.email, user.password);
    await setPasswordVerifiedAt(t, otherSession, new Date());
    const res = await updateUser(user, { email: `new.${user.email}` });
    expect(res.statusCode).toBe(403);
  });
});

describe('name and phone', () => {
  it('change without a password, and so does the same email in another case', async () => {
    const user = await createUser(t.app);
    const res = await updateUser(user, {
      name: 'Rudo Chari',
      phoneNumber: '0712 345 678',
      email: user.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Rudo Chari', phoneNumber: '0712 345 678', email: user.email });
  });
});
