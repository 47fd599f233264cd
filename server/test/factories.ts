// Builders for API tests: real sign-ups and sign-ins through the public calls.
import { randomBytes } from 'node:crypto';
import type { App } from '../app';

export interface TestUser {
  id: number;
  name: string;
  email: string;
  phoneNumber: string;
  password: string;
  cookie: string;
  /** The client address it signed up from (and reports from: trust-helpers' report()); unset, inject's 127.0.0.1. */
  address?: string;
}

export function newUserInput(overrides: Partial<Omit<TestUser, 'id' | 'cookie'>> = {}) {
  return {
    name: 'Tendai Moyo',
    email: `tendai.${randomBytes(4).toString('hex')}@example.co.zw`,
    phoneNumber: '0771234567',
    password: 'correct horse battery',
    ...overrides,
  };
}

/** The session cookie header (`sid=...`, `__Host-sid=...` over https) from a response, or undefined. */
export function sessionCookie(response: { cookies: Array<{ name: string; value: string }> }) {
  const sid = response.cookies.find((c) => (c.name === 'sid' || c.name === '__Host-sid') && c.value);
  return sid ? `${sid.name}=${sid.value}` : undefined;
}

export async function signIn(app: App, email: string, password: string) {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  const cookie = sessionCookie(response);
  if (response.statusCode !== 200 || !cookie)
    throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return cookie;
}

/** Signs a new user up and in; returns the user with its session cookie. */
export async function createUser(
  app: App,
  overrides: Partial<Omit<TestUser, 'id' | 'cookie' | 'address'>> = {},
  { address }: { address?: string } = {},
): Promise<TestUser> {
  const input = newUserInput(overrides);
  const response = await app.inject({
    method: 'POST',
    url: '/api/signup',
    payload: input,
    ...(address ? { remoteAddress: address } : {}),
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  const cookie = await signIn(app, input.email, input.password);
  return {
    ...input,
    email: input.email.toLowerCase(),
    id: response.json().user_id,
    cookie,
    ...(address ? { address } : {}),
  };
}
