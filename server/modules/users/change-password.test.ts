import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { createUser, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { callUsers } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUPS_PER_IP: '100' });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a brand new passphrase';

describe('POST /api/change-password', () => {
  it('changes the password, ends the other sessions and keeps this one', async () => {
    const user = await createUser(t.app);
    const otherDevice = await signIn(t.app, user.email, user.password);
    const res = await callUsers(t, user.cookie).changePassword({
      userId: user.id,
      currentPassword: user.password,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password changed successfully!' });

    expect((await callUsers(t, user.cookie).verifyAuth()).json().isAuthenticated).toBe(true);
    expect((await callUsers(t, otherDevice).verifyAuth()).json().isAuthenticated).toBe(false);
    const calls = callUsers(t, undefined);
    expect((await calls.login(user.email, user.password)).statusCode).toBe(401);
    expect((await calls.login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 401 "Password is incorrect" for a wrong current password and changes nothing', async () => {
    const user = await createUser(t.app);
    const otherDevice = await signIn(t.app, user.email, user.password);
    const res = await callUsers(t, user.cookie).changePassword({
      userId: user.id,
      currentPassword: 'not my password',
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: MSG.password.incorrect });
    expect((await callUsers(t, otherDevice).verifyAuth()).json().isAuthenticated).toBe(true);
    expect((await callUsers(t, undefined).login(user.email, user.password)).statusCode).toBe(200);
    expect((await callUsers(t, undefined).login(user.email, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it('answers 400 for a new password outside 8..128 characters and changes nothing', async () => {
    const user = await createUser(t.app);
    for (const [newPassword, message] of [
      ['short7!', MSG.signup.passwordTooShort],
      ['x'.repeat(129), MSG.signup.passwordTooLong],
    ] as const) {
      const res = await callUsers(t, user.cookie).changePassword({
        userId: user.id,
        currentPassword: user.password,
        newPassword,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.newPassword).toBe(message);
    }
    expect((await callUsers(t, undefined).login(user.email, user.password)).statusCode).toBe(200);
  });

  it('answers 400 when the current password is missing', async () => {
    const user = await createUser(t.app);
    const res = await callUsers(t, user.cookie).changePassword({
      userId: user.id,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.currentPassword).toBeTruthy();
  });

  it("answers 403 for another user's id and changes nobody's password", async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const res = await callUsers(t, user.cookie).changePassword({
      userId: other.id,
      currentPassword: user.password,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(403);
    expect((await callUsers(t, undefined).login(user.email, user.password)).statusCode).toBe(200);
    expect((await callUsers(t, undefined).login(other.email, other.password)).statusCode).toBe(200);
  });

  it('answers 401 to a visitor', async () => {
    const user = await createUser(t.app);
    const res = await callUsers(t, undefined).changePassword({
      userId: user.id,
      currentPassword: user.password,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MSG.auth.notSignedIn });
  });
});
