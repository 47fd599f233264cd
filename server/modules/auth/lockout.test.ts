// Failed logins lock an account per client address (DESIGN §4's 10 per 15 minutes), so a stranger
// cannot lock the owner out from elsewhere; a higher ceiling across all addresses still stops a
// guesser who spreads over many addresses (decision 007).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { callUsers } from '../users/test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    SIGNUPS_PER_IP: '100',
    LOGIN_FAILURES_PER_ACCOUNT: '3',
    LOGIN_FAILURES_PER_ACCOUNT_ALL_IPS: '7',
  });
});
afterAll(() => t.close());

const login = (email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: ip });

describe('login lockout', () => {
  it('locks the failing address only: the owner still signs in from another', async () => {
    const user = await createUser(t.app);
    const guesser = '203.0.113.10';
    for (let i = 0; i < 3; i++)
      expect((await login(user.email, 'wrong guess', guesser)).statusCode).toBe(401);
    const locked = await login(user.email, user.password, guesser);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(user.email, user.password, '198.51.100.20')).statusCode).toBe(200);
    // The owner's success elsewhere does not unlock the guessing address.
    expect((await login(user.email, user.password, guesser)).statusCode).toBe(429);
  });

  it('locks the account at every address after the all-addresses ceiling', async () => {
    const user = await createUser(t.app);
    // 7 failures, at most 2 per address: no address reaches its own limit of 3.
    for (let i = 0; i < 7; i++) {
      const res = await login(user.email, 'wrong guess', `203.0.113.${100 + Math.floor(i / 2)}`);
      expect(res.statusCode).toBe(401);
    }
    const locked = await login(user.email, user.password, '198.51.100.30');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The password check of a signed-in session is locked too.
    const check = await callUsers(t, user.cookie).checkPassword({
      currentUser: user.id,
      providedPassword: user.password,
    });
    expect(check.statusCode).toBe(429);
  });

  it("counts wrong /pass guesses per address too: they do not lock the owner's other devices", async () => {
    const user = await createUser(t.app);
    const check = (ip: string, providedPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/current-user-password',
        headers: { cookie: user.cookie },
        payload: { currentUser: user.id, providedPassword },
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i++)
      expect((await check('203.0.113.50', `wrong guess ${i}`)).statusCode).toBe(401);
    expect((await check('203.0.113.50', user.password)).statusCode).toBe(429);
    expect((await login(user.email, user.password, '203.0.113.50')).statusCode).toBe(429);
    expect((await check('198.51.100.40', user.password)).statusCode).toBe(200);
    expect((await login(user.email, user.password, '198.51.100.40')).statusCode).toBe(200);
  });
});

describe('behind a proxy (TRUST_PROXY=1)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({
      TRUST_PROXY: '1',
      SIGNUPS_PER_IP: '100',
      LOGIN_FAILURES_PER_ACCOUNT: '3',
    });
  });
  afterAll(() => proxied.close());

  // The proxy (10.0.0.2) appends the address it saw to whatever X-Forwarded-For the client sent.
  const viaProxy = (email: string, password: string, forwardedFor: string) =>
    proxied.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password },
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('counts the address the proxy saw, not one the client forged', async () => {
    const user = await createUser(proxied.app);
    for (let i = 0; i < 3; i++) {
      const res = await viaProxy(user.email, 'wrong guess', `192.0.2.${i}, 203.0.113.77`);
      expect(res.statusCode).toBe(401);
    }
    expect((await viaProxy(user.email, user.password, '192.0.2.99, 203.0.113.77')).statusCode).toBe(429);
    expect((await viaProxy(user.email, user.password, '198.51.100.8')).statusCode).toBe(200);
  });
});

// A password check takes ~10 ms of argon2; counted only after it, parallel guesses all passed the
// "locked?" check before the first failure was recorded (33 of 60 were checked with a limit of 10).
describe('parallel guesses (DESIGN §7b: count the attempt before verifying)', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp({ SIGNUPS_PER_IP: '100' }); // the default limit: 10 per account and address
  });
  afterAll(() => fresh.close());

  /** Status codes of 60 parallel calls, counted: how many were checked (401) and refused (429). */
  async function inParallel(call: (i: number) => Promise<{ statusCode: number }>) {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => call(i)));
    const count = (status: number) => answers.filter((a) => a.statusCode === status).length;
    return { checked: count(401), refused: count(429), other: answers.length - count(401) - count(429) };
  }

  it('checks at most 10 of 60 parallel wrong logins for one account from one address', async () => {
    const user = await createUser(fresh.app);
    const ip = '203.0.113.60';
    const result = await inParallel((i) =>
      fresh.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: `wrong guess ${i}` },
        remoteAddress: ip,
      }),
    );
    expect(result).toEqual({ checked: 10, refused: 50, other: 0 });
    expect(
      (
        await fresh.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: user.email, password: user.password },
          remoteAddress: ip,
        })
      ).statusCode,
    ).toBe(429);
  });

  it.each([
    [
      '/api/current-user-password',
      (id: number, password: string) => ({ currentUser: id, providedPassword: password }),
    ],
    [
      '/api/change-password',
      (id: number, password: string) => ({
        userId: id,
        currentPassword: password,
        newPassword: 'a new passphrase',
      }),
    ],
  ])('checks at most 10 of 60 parallel wrong passwords on %s', async (url, body) => {
    const user = await createUser(fresh.app);
    const result = await inParallel((i) =>
      fresh.app.inject({
        method: 'POST',
        url,
        headers: { cookie: user.cookie },
        payload: body(user.id, `wrong guess ${i}`),
      }),
    );
    expect(result).toEqual({ checked: 10, refused: 50, other: 0 });
  });

  it('a right password among parallel wrong ones is not counted as a failure', async () => {
    const user = await createUser(fresh.app);
    const ip = '203.0.113.61';
    const login = (password: string) =>
      fresh.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password },
        remoteAddress: ip,
      });
    const answers = await Promise.all([
      ...Array.from({ length: 9 }, (_, i) => login(`wrong guess ${i}`)),
      login(user.password),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(401)]);
  });
});
