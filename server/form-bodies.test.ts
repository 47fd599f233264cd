// Form-encoded bodies are read only by the calls the contract declares as form calls (the spec's
// rolling feeds and password calls, the one-click unsubscribe); any other call answers 415 and changes
// nothing (issue 36).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../shared/messages';
import { createUser, type TestUser } from './test/factories';
import { createTestApp, type TestApp } from './test/harness';
import { insertPost } from './test/post-factory';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.app, { name: 'Form sender' });
  await insertPost(t, user.id, { type: 'product', name: 'Newest product' });
});
afterAll(() => t.close());

const FORM = 'application/x-www-form-urlencoded';
const send = (method: 'POST' | 'PUT', url: string, payload: string, cookie?: string, type = FORM) =>
  t.app.inject({ method, url, payload, headers: { 'content-type': type, ...(cookie ? { cookie } : {}) } });

describe('a form-encoded body', () => {
  it('is read by the rolling feeds and the password check (the spec form calls)', async () => {
    const feed = await send('POST', '/api/rolling-feed-products', 'incomingProductCursor=');
    expect(feed.statusCode).toBe(200);
    expect(feed.json().posts.map((p: { name: string }) => p.name)).toContain('Newest product');
    const check = await send(
      'POST',
      '/api/current-user-password',
      new URLSearchParams({ currentUser: String(user.id), providedPassword: user.password }).toString(),
      user.cookie,
    );
    expect(check.statusCode).toBe(200);
  });

  it.each([
    ['POST', '/api/login', 'email=a%40b.co&password=x', false],
    [
      'POST',
      '/api/signup',
      'name=A&email=form%40example.co.zw&password=correct+horse&phoneNumber=0771234567',
      false,
    ],
    ['POST', '/api/comments', 'postId=1&content=Hello', true],
    ['PUT', '/api/update-user', 'name=Changed+by+a+form', true],
    ['POST', '/api/create-post', 'name=Form+post', true],
    ['POST', '/api/logout', '', true],
  ] as const)('is refused with 415 by %s %s, which changes nothing', async (method, url, body, signedIn) => {
    const res = await send(method, url, body, signedIn ? user.cookie : undefined);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ message: MSG.errors.formNotAccepted });
    expect(res.headers['x-error-code']).toBe('unsupported_media');
    // Still signed in, the profile unchanged, no account made from the form.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/verify-auth',
      headers: { cookie: user.cookie },
    });
    expect(me.json().user).toMatchObject({ name: 'Form sender' });
  });

  it('is refused whatever its charset or case, and JSON still works there', async () => {
    for (const type of [`${FORM}; charset=utf-8`, 'APPLICATION/X-WWW-FORM-URLENCODED'])
      expect((await send('POST', '/api/comments', 'postId=1&content=Hi', user.cookie, type)).statusCode).toBe(
        415,
      );
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    expect(json.statusCode).toBe(200);
  });
});
