import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, newUserInput } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    SIGNUPS_PER_IP: '3',
    LOGIN_FAILURES_PER_ACCOUNT: '3',
    LOGIN_ATTEMPTS_PER_IP: '12',
  });
});
afterAll(() => t.close());

const login = (email: string, password: string, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: ip });

describe('rate limits', () => {
  it('locks an account after repeated failures, even for the right password, with Retry-After', async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < 3; i++) expect((await login(user.email, 'wrong-password')).statusCode).toBe(401);
    const locked = await login(user.email, user.password);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().message).toMatch(/try again/i);
    expect(locked.headers['set-cookie']).toBeUndefined();
  });

  it('limits sign-ups per address with 429 and Retry-After', async () => {
    // One sign-up was used by createUser above.
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: newUserInput() });
      expect(res.statusCode).toBe(201);
    }
    const input = newUserInput();
    const limited = await t.app.inject({ method: 'POST', url: '/api/signup', payload: input });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(input.email, input.password, '10.0.0.9')).statusCode).toBe(401);
  });

  it('limits login attempts per address', async () => {
    const ip = '192.0.2.7';
    let last = 0;
    for (let i = 0; i < 13; i++)
      last = (await login(`someone${i}@example.co.zw`, 'whatever1', ip)).statusCode;
    expect(last).toBe(429);
    expect((await login('someone@example.co.zw', 'whatever1', '192.0.2.8')).statusCode).toBe(401);
  });
});
