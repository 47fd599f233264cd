// Sessions end 30 days after their last use (sliding) and 90 days after sign-in however active
// (absolute); over https the cookie is __Host-sid. Time moves with the injectable clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserInput } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { DAY_MS, TestClock } from '../../test/test-clock';

const clock = new TestClock();
let t: TestApp;
let https: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  https = await createTestApp({ PUBLIC_URL: 'https://marketplace.example.co.zw' });
});
afterAll(async () => {
  await t.close();
  await https.close();
});

async function signUpAndIn(app: TestApp['app']) {
  const input = newUserInput();
  expect((await app.inject({ method: 'POST', url: '/api/signup', payload: input })).statusCode).toBe(201);
  return app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: input.email, password: input.password },
  });
}

const signedIn = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/verify-auth', headers: { cookie } })).json()
    .isAuthenticated;

describe('session lifetime', () => {
  it('slides while used, but ends 90 days after sign-in however active', async () => {
    const login = await signUpAndIn(t.app);
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')?.value}`;
    for (let day = 25; day <= 75; day += 25) {
      clock.advance(25 * DAY_MS);
      expect(await signedIn(cookie)).toBe(true);
    }
    clock.advance(14 * DAY_MS); // day 89
    expect(await signedIn(cookie)).toBe(true);
    clock.advance(2 * DAY_MS); // day 91
    expect(await signedIn(cookie)).toBe(false);
  });

  it('ends after 30 days without use', async () => {
    const login = await signUpAndIn(t.app);
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')?.value}`;
    clock.advance(31 * DAY_MS);
    expect(await signedIn(cookie)).toBe(false);
  });
});

describe('over https', () => {
  it('names the cookie __Host-sid (Secure, Path=/, no Domain) and reads only that name', async () => {
    const login = await signUpAndIn(https.app);
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((c) => c.name === '__Host-sid');
    expect(cookie).toMatchObject({ path: '/', secure: true, httpOnly: true, sameSite: 'Lax' });
    expect(cookie?.domain).toBeUndefined();
    expect(login.cookies.some((c) => c.name === 'sid')).toBe(false);
    const verify = (header: string) =>
      https.app.inject({ method: 'GET', url: '/api/verify-auth', headers: { cookie: header } });
    expect((await verify(`__Host-sid=${cookie?.value}`)).json().isAuthenticated).toBe(true);
    expect((await verify(`sid=${cookie?.value}`)).json().isAuthenticated).toBe(false);
  });
});
