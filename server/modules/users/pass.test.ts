// The /pass screen's two calls: current-user-password, then update-password within 5 minutes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { createUser, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { callUsers, passwordVerifiedAt, setPasswordVerifiedAt } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUPS_PER_IP: '100' });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a brand new passphrase';
const MINUTE = 60_000;

describe('POST /api/current-user-password', () => {
  it('answers "Password is correct" to a form post and marks this session verified now', async () => {
    const user = await createUser(t.app);
    const before = Date.now();
    const res = await callUsers(t, user.cookie).checkPassword({
      currentUser: user.id,
      providedPassword: user.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password is correct' });
    const at = await passwordVerifiedAt(t, user.cookie);
    expect(at?.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('accepts JSON too', async () => {
    const user = await createUser(t.app);
    const res = await callUsers(t, user.cookie).checkPassword(
      { currentUser: user.id, providedPassword: user.password },
      false,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.password.correct);
  });

  it('answers 401 "Password is incorrect" for a wrong password and does not mark the session', async () => {
    const user = await createUser(t.app);
    const res = await callUsers(t, user.cookie).checkPassword({
      currentUser: user.id,
      providedPassword: 'not my password',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'Password is incorrect' });
    expect(await passwordVerifiedAt(t, user.cookie)).toBeNull();
  });

  it("answers 403 for another user's id, even with that user's password", async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const res = await callUsers(t, user.cookie).checkPassword({
      currentUser: other.id,
      providedPassword: other.password,
    });
    expect(res.statusCode).toBe(403);
    expect(await passwordVerifiedAt(t, user.cookie)).toBeNull();
  });

  it("answers 400 'Password is required.' to an empty body, whatever its content type", async () => {
    const user = await createUser(t.app);
    for (const contentType of [undefined, 'application/json', 'application/x-www-form-urlencoded']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/current-user-password',
        headers: { cookie: user.cookie, ...(contentType ? { 'content-type': contentType } : {}) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: MSG.login.passwordRequired,
        errors: { providedPassword: MSG.login.passwordRequired },
      });
    }
  });

  it('answers 401 to a visitor', async () => {
    const user = await createUser(t.app);
    const res = await callUsers(t, undefined).checkPassword({
      currentUser: user.id,
      providedPassword: user.password,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MSG.auth.notSignedIn });
  });
});

describe('POST /api/update-password', () => {
  it('after a verification: updates, ends other sessions, keeps this one, and cannot be replayed', async () => {
    const user = await createUser(t.app);
    const otherDevice = await signIn(t.app, user.email, user.password);
    const calls = callUsers(t, user.cookie);
    expect(
      (await calls.checkPassword({ currentUser: user.id, providedPassword: user.password })).statusCode,
    ).toBe(200);
    const res = await calls.updatePassword({ currentUser: user.id, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password updated successfully' });

    expect((await calls.verifyAuth()).json().isAuthenticated).toBe(true);
    expect((await callUsers(t, otherDevice).verifyAuth()).json().isAuthenticated).toBe(false);
    const visitor = callUsers(t, undefined);
    expect((await visitor.login(user.email, user.password)).statusCode).toBe(401);
    expect((await visitor.login(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    // The verification was used up.
    expect(await passwordVerifiedAt(t, user.cookie)).toBeNull();
    const replay = await calls.updatePassword({
      currentUser: user.id,
      newPassword: 'yet another passphrase',
    });
    expect(replay.statusCode).toBe(403);
    expect(replay.json()).toEqual({ message: MSG.password.verifyFirst });
  });

  it('answers 403 without a verification', async () => {
    const user = await createUser(t.app);
    const res = await callUsers(t, user.cookie).updatePassword({
      currentUser: user.id,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Please confirm your current password first.' });
    expect((await callUsers(t, undefined).login(user.email, user.password)).statusCode).toBe(200);
  });

  it('answers 403 after a wrong current password', async () => {
    const user = await createUser(t.app);
    const calls = callUsers(t, user.cookie);
    await calls.checkPassword({ currentUser: user.id, providedPassword: 'not my password' });
    expect((await calls.updatePassword({ currentUser: user.id, newPassword: NEW_PASSWORD })).statusCode).toBe(
      403,
    );
  });

  it('answers 403 when the verification is older than 5 minutes, 200 within 5 minutes', async () => {
    const user = await createUser(t.app);
    const calls = callUsers(t, user.cookie);
    await setPasswordVerifiedAt(t, user.cookie, new Date(Date.now() - 5 * MINUTE - 5000));
    expect((await calls.updatePassword({ currentUser: user.id, newPassword: NEW_PASSWORD })).statusCode).toBe(
      403,
    );
    await setPasswordVerifiedAt(t, user.cookie, new Date(Date.now() - 4 * MINUTE));
    const res = await calls.updatePassword({ currentUser: user.id, newPassword: NEW_PASSWORD }, false);
    expect(res.statusCode).toBe(200);
    expect((await callUsers(t, undefined).login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("does not accept another session's verification", async () => {
    const user = await createUser(t.app);
    const otherDevice = await signIn(t.app, user.email, user.password);
    await callUsers(t, otherDevice).checkPassword({ currentUser: user.id, providedPassword: user.password });
    const res = await callUsers(t, user.cookie).updatePassword({
      currentUser: user.id,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(403);
  });

  it('lets only one of two concurrent updates use a verification', async () => {
    const user = await createUser(t.app);
    const calls = callUsers(t, user.cookie);
    await calls.checkPassword({ currentUser: user.id, providedPassword: user.password });
    const results = await Promise.all([
      calls.updatePassword({ currentUser: user.id, newPassword: 'first new passphrase' }),
      calls.updatePassword({ currentUser: user.id, newPassword: 'second new passphrase' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
  });

  it('answers 400 for a new password outside 8..128 characters and keeps the verification', async () => {
    const user = await createUser(t.app);
    const calls = callUsers(t, user.cookie);
    await calls.checkPassword({ currentUser: user.id, providedPassword: user.password });
    const short = await calls.updatePassword({ currentUser: user.id, newPassword: 'short7!' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: MSG.signup.passwordTooShort });
    const long = await calls.updatePassword({ currentUser: user.id, newPassword: 'x'.repeat(129) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.newPassword).toBe(MSG.signup.passwordTooLong);
    expect((await calls.updatePassword({ currentUser: user.id, newPassword: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it("answers 403 for another user's id", async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const calls = callUsers(t, user.cookie);
    await calls.checkPassword({ currentUser: user.id, providedPassword: user.password });
    const res = await calls.updatePassword({ currentUser: other.id, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect((await callUsers(t, undefined).login(other.email, other.password)).statusCode).toBe(200);
  });

  it('answers 401 to a visitor', async () => {
    const user = await createUser(t.app);
    const res = await callUsers(t, undefined).updatePassword({
      currentUser: user.id,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(401);
  });
});
