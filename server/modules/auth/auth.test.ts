import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { sessions } from '../../db/schema';
import { createUser, newUserInput, sessionCookie, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { hashToken } from './session-store';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUPS_PER_IP: '40' }, { ownDatabase: true });
});
afterAll(() => t.close());

const verify = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/verify-auth', headers: cookie ? { cookie } : {} });

describe('POST /api/signup', () => {
  it('creates an account and answers the spec message without signing in', async () => {
    const input = newUserInput({ email: '  Rudo.Chari@Example.CO.ZW ' });
    const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: input });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Registration successful', user_id: expect.any(Number) });
    expect(sessionCookie(res)).toBeUndefined();
    // The email was trimmed and lower-cased, so signing in with any case works.
    await expect(signIn(t.app, 'rudo.chari@example.co.zw', input.password)).resolves.toMatch(/^sid=/);
  });

  it('answers 409 for an email that is taken, whatever its case', async () => {
    const user = await createUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: newUserInput({ email: user.email.toUpperCase() }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'An account with this email already exists' });
  });

  it.each(['name', 'email', 'password', 'phoneNumber'] as const)(
    'answers 400 when %s is blank',
    async (field) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: newUserInput({ [field]: '   ' }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBeTruthy();
    },
  );

  it('answers 400 with the fill-in message when fields are missing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: { email: 'a@b.co' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.signup.fillAll);
  });

  it('answers 400 for a password under 8 characters and creates nothing', async () => {
    const input = newUserInput({ password: 'short7!' });
    const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: input });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Password must be at least 8 characters' });
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: input });
    expect(login.statusCode).toBe(401);
  });

  it('answers 400 for an invalid email', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: newUserInput({ email: 'no-at.com' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toBe(MSG.signup.invalidEmail);
  });
});

describe('POST /api/login', () => {
  it('signs in with an HttpOnly SameSite cookie and the spec fields', async () => {
    const input = newUserInput({ name: 'Farai Ncube', phoneNumber: '+263 77 123 4567' });
    await t.app.inject({ method: 'POST', url: '/api/signup', payload: input });
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: input });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Login successful',
      user_id: expect.any(Number),
      user_name: 'Farai Ncube',
      email: input.email,
      phoneNumber: '+263 77 123 4567',
      role: 'member',
      emailVerified: false,
    });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/sid=[\w-]{40,}/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/password/i);
  });

  it('refuses a wrong password with 401 and sets no cookie', async () => {
    const user = await createUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'wrong password!' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid email or password.' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('gives the same answer for an unknown email', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nobody@example.co.zw', password: 'whatever123' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid email or password.' });
  });

  it('answers 400 for a blank password or a malformed email', async () => {
    const blank = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@b.co', password: '' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.password).toBe('Password is required.');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a b@c', password: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.email).toBe('Please enter a valid email address.');
  });

  it('answers 400, never 500, for malformed JSON', async () => {
    for (const url of ['/api/login', '/api/signup']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "a@b.co", "password": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MSG.errors.malformedJson });
    }
  });

  it('ends an existing session when the same browser signs in again', async () => {
    const user = await createUser(t.app);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: user.cookie },
      payload: { email: user.email, password: user.password },
    });
    expect(again.statusCode).toBe(200);
    expect((await verify(user.cookie)).json().isAuthenticated).toBe(false);
    expect((await verify(sessionCookie(again))).json().isAuthenticated).toBe(true);
  });
});

describe('GET /api/verify-auth', () => {
  it('reports a visitor as not authenticated', async () => {
    const res = await verify();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isAuthenticated: false, user: null });
  });

  it('returns the session user without the password hash', async () => {
    const user = await createUser(t.app, { name: 'Nyasha Dube' });
    const res = await verify(user.cookie);
    expect(res.json()).toEqual({
      isAuthenticated: true,
      user: {
        id: user.id,
        name: 'Nyasha Dube',
        email: user.email,
        phoneNumber: user.phoneNumber,
        role: 'member',
        emailVerified: false,
      },
    });
    expect(res.body).not.toMatch(/argon2|hash/i);
  });

  it('ignores a forged cookie', async () => {
    expect((await verify('sid=not-a-real-token')).json().isAuthenticated).toBe(false);
  });
});

describe('POST /api/logout', () => {
  it('ends the session on the server: the old cookie no longer authenticates', async () => {
    const user = await createUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/sid=;/);
    expect((await verify(user.cookie)).json()).toEqual({ isAuthenticated: false, user: null });
  });

  it('is harmless without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/logout' });
    expect(res.statusCode).toBe(200);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing call from another Origin with 403 and changes nothing', async () => {
    const input = newUserInput();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { origin: 'https://evil.example' },
      payload: input,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MSG.auth.crossSite });
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: input });
    expect(login.statusCode).toBe(401);
  });

  it('refuses Sec-Fetch-Site: cross-site, and accepts our own origin', async () => {
    const user = await createUser(t.app);
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: user.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(cross.statusCode).toBe(403);
    expect((await verify(user.cookie)).json().isAuthenticated).toBe(true);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      payload: { email: user.email, password: user.password },
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('sliding sessions', () => {
  const DAY = 86_400_000;
  const tokenOf = (cookie: string) => cookie.replace(/^sid=/, '');
  const sessionRow = (cookie: string) => eq(sessions.tokenHash, hashToken(tokenOf(cookie)));

  it('re-sends the same cookie with a later expiry when the session is extended', async () => {
    const user = await createUser(t.app);
    // As if the last request was two hours ago and the session had a day left.
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 2 * 3_600_000), expiresAt: new Date(Date.now() + DAY) })
      .where(sessionRow(user.cookie));
    const res = await verify(user.cookie);
    expect(res.json().isAuthenticated).toBe(true);
    const sid = res.cookies.find((c) => c.name === 'sid');
    expect(sid?.value).toBe(tokenOf(user.cookie));
    expect(sid?.httpOnly).toBe(true);
    expect(sid?.sameSite).toBe('Lax');
    const expires = new Date(sid?.expires ?? 0).getTime();
    expect(expires).toBeGreaterThan(Date.now() + 29 * DAY);
    const [row] = await t.database.db.select().from(sessions).where(sessionRow(user.cookie));
    expect(Math.abs((row?.expiresAt.getTime() ?? 0) - expires)).toBeLessThan(2000);
  });

  it('still clears the cookie on a logout that extended the session', async () => {
    const user = await createUser(t.app);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(sessionRow(user.cookie));
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: user.cookie } });
    expect(res.cookies.filter((c) => c.name === 'sid')).toEqual([expect.objectContaining({ value: '' })]);
  });

  it('is not looked up for requests that need no identity (health, media, a static screen)', async () => {
    const user = await createUser(t.app);
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await t.database.db.update(sessions).set({ lastSeenAt: twoHoursAgo }).where(sessionRow(user.cookie));
    for (const url of ['/healthz', '/media/none.webp', '/about']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
    const [row] = await t.database.db.select().from(sessions).where(sessionRow(user.cookie));
    expect(row?.lastSeenAt.getTime()).toBe(twoHoursAgo.getTime());
    // An API call does look it up (and slides it).
    expect((await verify(user.cookie)).headers['set-cookie']).toBeDefined();
  });

  it('sends no cookie when the session was seen within the hour', async () => {
    const user = await createUser(t.app);
    const res = await verify(user.cookie);
    expect(res.json().isAuthenticated).toBe(true);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('sessions across a restart', () => {
  it('keeps a session valid after the server restarts', async () => {
    const user = await createUser(t.app);
    await t.restart();
    expect((await verify(user.cookie)).json()).toMatchObject({
      isAuthenticated: true,
      user: { id: user.id },
    });
  });
});

describe('logs', () => {
  it('never contain passwords or session cookies', async () => {
    const user = await createUser(t.app, { password: 'very-secret-password-42' });
    await t.app.inject({ method: 'GET', url: '/api/verify-auth', headers: { cookie: user.cookie } });
    const all = t.logs.join('\n');
    expect(all).toContain('/api/verify-auth');
    expect(all).not.toContain('very-secret-password-42');
    expect(all).not.toContain(user.cookie.slice(4));
  });
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toMatchObject({ status: 'ready' });
  });

  it('serves OpenAPI for the auth calls at /api/docs', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/signup', '/api/login', '/api/verify-auth', '/api/logout']),
    );
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MSG.errors.notFound });
  });
});
