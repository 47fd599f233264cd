// A wrong current password counts as a failed login (DESIGN §4): the /pass check is a password oracle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { callUsers, setPasswordVerifiedAt } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUPS_PER_IP: '100', LOGIN_FAILURES_PER_ACCOUNT: '3' });
});
afterAll(() => t.close());

describe('per-account lockout on password checks', () => {
  it('locks current-user-password and login after repeated wrong guesses, even for the right password', async () => {
    const user = await createUser(t.app);
    const calls = callUsers(t, user.cookie);
    for (let i = 0; i < 3; i++) {
      const res = await calls.checkPassword({ currentUser: user.id, providedPassword: `wrong guess ${i}` });
      expect(res.statusCode).toBe(401);
    }
    const locked = await calls.checkPassword({ currentUser: user.id, providedPassword: user.password });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().message).toMatch(/try again/i);
    expect((await calls.login(user.email, user.password)).statusCode).toBe(429);
    // Still not verified, so the update is refused.
    expect(
      (await calls.updatePassword({ currentUser: user.id, newPassword: 'a new passphrase' })).statusCode,
    ).toBe(403);
  });

  it('counts wrong change-password attempts together with failed logins', async () => {
    const user = await createUser(t.app);
    const calls = callUsers(t, user.cookie);
    const change = (currentPassword: string) =>
      calls.changePassword({ userId: user.id, currentPassword, newPassword: 'a new passphrase' });
    expect((await change('wrong guess 1')).statusCode).toBe(401);
    expect((await calls.login(user.email, 'wrong guess 2')).statusCode).toBe(401);
    expect((await change('wrong guess 3')).statusCode).toBe(401);
    const locked = await change(user.password);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await calls.login(user.email, 'a new passphrase')).statusCode).toBe(429);
  });

  it('locks the password check after failed logins', async () => {
    const user = await createUser(t.app);
    const calls = callUsers(t, user.cookie);
    for (let i = 0; i < 3; i++)
      expect((await calls.login(user.email, `wrong guess ${i}`)).statusCode).toBe(401);
    const res = await calls.checkPassword({ currentUser: user.id, providedPassword: user.password });
    expect(res.statusCode).toBe(429);
  });

  it('does not reset the count when the email is changed from the session', async () => {
    const user = await createUser(t.app);
    const calls = callUsers(t, user.cookie);
    // A /pass check passed before the guesses lets this session change the email.
    await setPasswordVerifiedAt(t, user.cookie, new Date());
    for (let i = 0; i < 3; i++)
      await calls.checkPassword({ currentUser: user.id, providedPassword: `wrong guess ${i}` });
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/update-user',
      headers: { cookie: user.cookie },
      payload: { userId: user.id, name: user.name, email: `renamed.${user.email}`, phoneNumber: '' },
    });
    expect(renamed.statusCode).toBe(200);
    const res = await calls.checkPassword({ currentUser: user.id, providedPassword: user.password });
    expect(res.statusCode).toBe(429);
  });

  it('a right password resets the count', async () => {
    const user = await createUser(t.app);
    const calls = callUsers(t, user.cookie);
    for (let i = 0; i < 2; i++)
      await calls.checkPassword({ currentUser: user.id, providedPassword: `wrong guess ${i}` });
    expect(
      (await calls.checkPassword({ currentUser: user.id, providedPassword: user.password })).statusCode,
    ).toBe(200);
    for (let i = 0; i < 2; i++)
      await calls.checkPassword({ currentUser: user.id, providedPassword: `wrong guess ${i}` });
    expect(
      (await calls.checkPassword({ currentUser: user.id, providedPassword: user.password })).statusCode,
    ).toBe(200);
  });
});
