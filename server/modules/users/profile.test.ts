import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { createUser, signIn, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUPS_PER_IP: '100' });
});
afterAll(() => t.close());

const fetchUser = (cookie: string | undefined, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/fetch-user${query}`, headers: cookie ? { cookie } : {} });

const updateUser = (cookie: string | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/update-user', payload, headers: cookie ? { cookie } : {} });

const profileOf = (u: TestUser) => ({
  userId: u.id,
  name: u.name,
  email: u.email,
  phoneNumber: u.phoneNumber,
});

describe('GET /api/fetch-user', () => {
  it("answers the session user's profile, with or without the userId query", async () => {
    const user = await createUser(t.app, { name: 'Rudo Chari', phoneNumber: '+263 77 765 4321' });
    const expected = {
      id: user.id,
      name: 'Rudo Chari',
      email: user.email,
      phoneNumber: '+263 77 765 4321',
      role: 'member',
      emailVerified: false,
    };
    const res = await fetchUser(user.cookie, `?userId=${user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expected);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect((await fetchUser(user.cookie)).json()).toEqual(expected);
  });

  it("answers 403 for another user's id", async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const res = await fetchUser(user.cookie, `?userId=${other.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MSG.auth.forbidden });
  });

  it("answers 400 'Invalid user id' for a userId that is not one", async () => {
    const user = await createUser(t.app);
    for (const userId of ['abc', '-1', '1.5', '0']) {
      const res = await fetchUser(user.cookie, `?userId=${userId}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid user id', errors: { userId: 'Invalid user id' } });
    }
  });

  it('answers 401 to a visitor', async () => {
    const user = await createUser(t.app);
    const res = await fetchUser(undefined, `?userId=${user.id}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MSG.auth.notSignedIn });
  });
});

describe('PUT /api/update-user', () => {
  it('updates name, email and phone and answers the updated user with the spec message', async () => {
    const user = await createUser(t.app);
    const email = `New.${user.email.toUpperCase()}`;
    const res = await updateUser(user.cookie, {
      userId: user.id,
      name: '  Chipo Dube ',
      email: `  ${email} `,
      phoneNumber: '0712 345 678',
      currentPassword: user.password,
    });
    expect(res.statusCode).toBe(200);
    const updated = {
      id: user.id,
      name: 'Chipo Dube',
      email: email.toLowerCase(),
      phoneNumber: '0712 345 678',
      role: 'member',
      emailVerified: false,
    };
    expect(res.json()).toEqual({ message: 'Profile updated successfully!', ...updated });
    // fetch-user and the session's user (verify-auth, read by the header) show the new values.
    expect((await fetchUser(user.cookie)).json()).toEqual(updated);
    const auth = await t.app.inject({
      method: 'GET',
      url: '/api/verify-auth',
      headers: { cookie: user.cookie },
    });
    expect(auth.json().user).toEqual(updated);
    // Signing in now uses the new email.
    await expect(signIn(t.app, updated.email, user.password)).resolves.toMatch(/^sid=/);
  });

  it('accepts an empty phone number', async () => {
    const user = await createUser(t.app);
    const res = await updateUser(user.cookie, { ...profileOf(user), phoneNumber: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().phoneNumber).toBe('');
  });

  it('keeps your own email, in any case', async () => {
    const user = await createUser(t.app);
    const same = await updateUser(user.cookie, { ...profileOf(user), name: 'Same Email' });
    expect(same.statusCode).toBe(200);
    const upper = await updateUser(user.cookie, { ...profileOf(user), email: user.email.toUpperCase() });
    expect(upper.statusCode).toBe(200);
    expect(upper.json().email).toBe(user.email);
  });

  it("answers 409 for another account's email, whatever its case, and changes nothing", async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    for (const email of [other.email, other.email.toUpperCase()]) {
      const res = await updateUser(user.cookie, {
        ...profileOf(user),
        name: 'Changed',
        email,
        currentPassword: user.password,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'An account with this email already exists' });
    }
    expect((await fetchUser(user.cookie)).json()).toMatchObject({ name: user.name, email: user.email });
  });

  it('answers 400 with field errors for an invalid email, phone or a blank name', async () => {
    const user = await createUser(t.app);
    const cases = [
      ['email', 'not-an-email', MSG.signup.invalidEmail],
      ['phoneNumber', '12', MSG.signup.invalidPhone],
      ['phoneNumber', 'call me', MSG.signup.invalidPhone],
      ['name', '   ', MSG.signup.fillAll],
    ] as const;
    for (const [field, value, message] of cases) {
      const res = await updateUser(user.cookie, { ...profileOf(user), [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    expect((await fetchUser(user.cookie)).json()).toMatchObject({ name: user.name, email: user.email });
  });

  it("answers 403 for another user's id and changes nobody", async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const res = await updateUser(user.cookie, { ...profileOf(user), userId: other.id, name: 'Hijacked' });
    expect(res.statusCode).toBe(403);
    expect((await fetchUser(user.cookie)).json().name).toBe(user.name);
    expect((await fetchUser(other.cookie)).json().name).toBe(other.name);
  });

  it('answers 401 to a visitor, even with invalid input', async () => {
    const user = await createUser(t.app);
    expect((await updateUser(undefined, profileOf(user))).statusCode).toBe(401);
    expect((await updateUser(undefined, { email: 'x' })).statusCode).toBe(401);
  });
});

describe('/api/docs', () => {
  it('documents every call of the users feature', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/fetch-user',
      '/api/update-user',
      '/api/change-password',
      '/api/current-user-password',
      '/api/update-password',
    ])
      expect(paths).toContain(path);
  });
});
