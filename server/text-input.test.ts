// Control characters in text fields (DESIGN §5: bad input gets a clear 4xx and changes nothing).
// PostgreSQL refuses a NUL in text, so before the shared text rule these calls answered 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../shared/messages';
import { createUser, newUserInput, signIn, type TestUser } from './test/factories';
import { createTestApp, type TestApp } from './test/harness';
import { createPostViaApi, myPosts, productInput } from './test/listing-helpers';
import { insertPost } from './test/post-factory';

const NUL = '\u0000';
let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp({ SIGNUPS_PER_IP: '100' });
  user = await createUser(t.app, { name: 'Chipo Banda' });
});
afterAll(() => t.close());

const inject = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>, cookie?: string) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

describe('a NUL character', () => {
  it('in the login email answers 400, not 500', async () => {
    const res = await inject('POST', '/api/login', { email: `a${NUL}@b.co`, password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toBe(MSG.login.invalidEmail);
  });

  it('in a sign-up name answers 400 and creates no account', async () => {
    const input = newUserInput({ name: `Tawanda${NUL}` });
    const res = await inject('POST', '/api/signup', input);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.name).toBe('Name contains characters that are not allowed');
    const login = await inject('POST', '/api/login', { email: input.email, password: input.password });
    expect(login.statusCode).toBe(401);
  });

  it.each(['name', 'paymentMethods', 'details', 'location', 'price'])(
    'in the post field %s answers 400 and creates no post',
    async (field) => {
      const before = (await myPosts(t, user.cookie)).length;
      const res = await inject(
        'POST',
        '/api/create-post',
        productInput({ [field]: `Fridge${NUL}` }),
        user.cookie,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toMatch(/contains characters that are not allowed/);
      expect(await myPosts(t, user.cookie)).toHaveLength(before);
    },
  );

  it('in an edit answers 400 and changes nothing', async () => {
    const item = await createPostViaApi(t, user.cookie, productInput({ name: 'Kitchen table' }));
    const res = await inject(
      'PUT',
      '/api/edit-post',
      productInput({ id: item.id, name: 'Kitchen table', details: `Solid wood${NUL}` }),
      user.cookie,
    );
    expect(res.statusCode).toBe(400);
    const mine = (await myPosts(t, user.cookie)).find((post) => post.id === item.id);
    expect(mine?.Product?.details).toBe(productInput().details);
  });

  it('in update-user answers 400 and changes nothing', async () => {
    for (const change of [
      { name: `Chipo${NUL}` },
      { phoneNumber: `0771${NUL}234567` },
      { email: `c${NUL}@b.co` },
    ]) {
      const payload = { userId: user.id, name: user.name, email: user.email, phoneNumber: '', ...change };
      const res = await inject('PUT', '/api/update-user', payload, user.cookie);
      expect(res.statusCode).toBe(400);
    }
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/fetch-user',
      headers: { cookie: user.cookie },
    });
    expect(me.json()).toMatchObject({
      name: 'Chipo Banda',
      email: user.email,
      phoneNumber: user.phoneNumber,
    });
  });

  it('in a comment, new or edited, answers 400 and changes nothing', async () => {
    const post = await insertPost(t, user.id);
    const res = await inject(
      'POST',
      '/api/comments',
      { postId: post.id, content: `Nice${NUL}` },
      user.cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Comment contains characters that are not allowed',
    });
    const created = await inject('POST', '/api/comments', { postId: post.id, content: 'Nice' }, user.cookie);
    const id = created.json().comment.id;
    const edit = await inject('PUT', `/api/comments/${id}`, { content: `Nicer${NUL}` }, user.cookie);
    expect(edit.statusCode).toBe(400);
    const list = await t.app.inject({ method: 'GET', url: `/api/comments/post/${post.id}` });
    expect(list.json().data.comments.map((c: { content: string }) => c.content)).toEqual(['Nice']);
  });
});

describe('line breaks', () => {
  it('are refused in single-line fields and kept in details and comments', async () => {
    const oneLine = await inject(
      'POST',
      '/api/create-post',
      productInput({ name: 'Two\nlines' }),
      user.cookie,
    );
    expect(oneLine.statusCode).toBe(400);
    expect(oneLine.json().errors.name).toBe('Name contains characters that are not allowed');
    const item = await createPostViaApi(
      t,
      user.cookie,
      productInput({ details: 'Line one\r\nLine two\tend' }),
    );
    expect(item.details).toBe('Line one\r\nLine two\tend');
    const post = await insertPost(t, user.id);
    const comment = await inject('POST', '/api/comments', { postId: post.id, content: 'a\nb' }, user.cookie);
    expect(comment.statusCode).toBe(201);
  });

  it('are refused in a new password, which still signs in when typed right', async () => {
    const input = newUserInput({ password: 'new\npassword' });
    expect((await inject('POST', '/api/signup', input)).statusCode).toBe(400);
    const fine = newUserInput({ password: 'tab\tin the middle' });
    expect((await inject('POST', '/api/signup', fine)).statusCode).toBe(201);
    await expect(signIn(t.app, fine.email, fine.password)).resolves.toMatch(/^sid=/);
  });
});
