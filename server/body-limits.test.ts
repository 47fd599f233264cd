// Every route's body limit fits its largest legitimate request (DESIGN §7b), and past it the answer is
// a 413 with the usual error body, before anything is parsed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../shared/catalog';
import { MSG } from '../shared/messages';
import { BODY_LIMITS } from './body-limits';
import { createUser, newUserInput, type TestUser } from './test/factories';
import { createTestApp, type TestApp } from './test/harness';
import { createPostViaApi, myPosts, productInput } from './test/listing-helpers';
import { insertPost } from './test/post-factory';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp({ SIGNUPS_PER_IP: '100' });
  user = await createUser(t.app);
});
afterAll(() => t.close());

const EMOJI = '\u{1F60A}'; // 4 bytes of UTF-8, one character
const HAN = '\u6728'; // 3 bytes of UTF-8, one character
const fill = (char: string, n: number) => char.repeat(n);
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

const send = (method: 'POST' | 'PUT', url: string, payload: string, cookie = user.cookie) =>
  t.app.inject({ method, url, payload, headers: { cookie, 'content-type': 'application/json' } });

describe('the largest legitimate requests fit', () => {
  it('a post with every field at its longest, in emoji', async () => {
    const longest = productInput({
      userId: user.id,
      name: fill(EMOJI, LIMITS.postNameMax),
      paymentMethods: fill(EMOJI, LIMITS.postFieldMax),
      details: fill(EMOJI, LIMITS.postDetailsMax),
      location: fill(EMOJI, LIMITS.postFieldMax),
      price: fill(EMOJI, 50),
    });
    expect(bytes(longest)).toBeGreaterThan(BODY_LIMITS.default);
    const created = await send('POST', '/api/create-post', JSON.stringify(longest));
    expect(created.statusCode).toBe(201);
    const edited = await send(
      'PUT',
      '/api/edit-post',
      JSON.stringify({ ...longest, id: created.json().id, details: fill(HAN, LIMITS.postDetailsMax) }),
    );
    expect(edited.statusCode).toBe(200);
  });

  it('a comment at its longest, in emoji', async () => {
    const post = await insertPost(t, user.id);
    const res = await send(
      'POST',
      '/api/comments',
      JSON.stringify({ postId: post.id, content: fill(EMOJI, LIMITS.commentMax) }),
    );
    expect(res.statusCode).toBe(201);
  });

  it('a sign-up with a long name and password in a 3-byte script', async () => {
    const input = newUserInput({
      name: fill(HAN, LIMITS.nameMax),
      email: `${'k'.repeat(LIMITS.emailMax - 20)}@example.co.zw`.slice(-LIMITS.emailMax),
      password: fill(HAN, LIMITS.passwordMax),
      phoneNumber: '+263  (0)  77  -  123  -  4567', // 30 characters, a valid number
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: input });
    expect(res.statusCode).toBe(201);
  });

  it('a form-encoded password check of 128 characters in a 3-byte script', async () => {
    const payload = new URLSearchParams({
      currentUser: String(user.id),
      providedPassword: fill(HAN, LIMITS.passwordMax),
    }).toString();
    expect(Buffer.byteLength(payload)).toBeGreaterThan(1024);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/current-user-password',
      payload,
      headers: { cookie: user.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('past the limit', () => {
  const padded = (fields: Record<string, unknown>, size: number) => {
    const body = JSON.stringify({ ...fields, padding: '' });
    return body.replace('"padding":""', `"padding":"${'x'.repeat(size - body.length)}"`);
  };

  it.each([
    ['POST', '/api/login', BODY_LIMITS.credentials],
    ['POST', '/api/signup', BODY_LIMITS.credentials],
    ['POST', '/api/change-password', BODY_LIMITS.credentials],
    ['POST', '/api/current-user-password', BODY_LIMITS.credentials],
    ['POST', '/api/update-password', BODY_LIMITS.credentials],
    ['PUT', '/api/update-user', BODY_LIMITS.credentials],
    ['POST', '/api/create-post', BODY_LIMITS.post],
    ['PUT', '/api/edit-post', BODY_LIMITS.post],
    ['POST', '/api/rolling-feed-products', BODY_LIMITS.default],
  ] as const)('%s %s answers 413 one byte over %i bytes', async (method, url, limit) => {
    const body = padded({ email: 'a@b.co', password: 'x' }, limit + 1);
    expect(body.length).toBe(limit + 1);
    const res = await send(method, url, body);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: MSG.errors.tooLarge });
  });

  it('keeps the success envelope of the comment calls', async () => {
    const res = await send('POST', '/api/comments', padded({ postId: 1 }, BODY_LIMITS.default + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: MSG.errors.tooLarge });
  });

  it('answers a login body at the limit normally', async () => {
    const body = padded({ email: user.email, password: 'wrong password' }, BODY_LIMITS.credentials);
    const res = await send('POST', '/api/login', body);
    expect(res.statusCode).toBe(401);
  });

  it('leaves an existing post unchanged when the edit is too large', async () => {
    const item = await createPostViaApi(t, user.cookie, productInput({ name: 'Kitchen table' }));
    const body = padded(
      { ...productInput(), userId: user.id, id: item.id, name: 'Changed' },
      BODY_LIMITS.post + 1,
    );
    expect((await send('PUT', '/api/edit-post', body)).statusCode).toBe(413);
    const mine = (await myPosts(t, user.cookie)).find((post) => post.id === item.id);
    expect(mine?.Product?.name).toBe('Kitchen table');
  });
});
