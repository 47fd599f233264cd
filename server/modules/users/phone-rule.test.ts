// The phone rule (decision 015) through the API: sign-up and profile take Zimbabwean mobiles and
// landlines and international numbers in E.164, refuse the rest with a message that says what to type,
// and numbers saved before the rule are still read everywhere.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { users } from '../../db/schema';
import { createUser, newUserInput } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertPost } from '../../test/post-factory';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUPS_PER_IP: '100' });
});
afterAll(() => t.close());

const signup = (phoneNumber: string) =>
  t.app.inject({ method: 'POST', url: '/api/signup', payload: newUserInput({ phoneNumber }) });

const WEAK = ['077 123', '077123456', '+26377123', '0751234567', '27821234567', '+1234567', '12'];
const GOOD = ['077 123 4567', '+263 71 234 5678', '0242 123 456', '08677 123 456', '+27 82 123 4567'];

describe('sign-up', () => {
  it.each(WEAK)('refuses %j with the phone message and creates no account', async (phoneNumber) => {
    const input = newUserInput({ phoneNumber });
    const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: input });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ phoneNumber: MSG.signup.invalidPhone });
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: input });
    expect(login.statusCode).toBe(401);
  });

  it.each(GOOD)('accepts %j and keeps it as typed', async (phoneNumber) => {
    const res = await signup(phoneNumber);
    expect(res.statusCode).toBe(201);
  });
});

describe('profile', () => {
  it('refuses a number a digit short and keeps the old one', async () => {
    const user = await createUser(t.app, { phoneNumber: '0771234567' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/update-user',
      headers: { cookie: user.cookie },
      payload: { userId: user.id, name: user.name, email: user.email, phoneNumber: '077123456' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ phoneNumber: MSG.signup.invalidPhone });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/fetch-user',
      headers: { cookie: user.cookie },
    });
    expect(me.json().phoneNumber).toBe('0771234567');
  });

  it('accepts a landline and an empty number', async () => {
    const user = await createUser(t.app);
    for (const phoneNumber of ['+263 242 123 456', '']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/update-user',
        headers: { cookie: user.cookie },
        payload: { userId: user.id, name: user.name, email: user.email, phoneNumber },
      });
      expect(res.statusCode, phoneNumber).toBe(200);
      expect(res.json().phoneNumber).toBe(phoneNumber);
    }
  });
});

describe('a number saved before the rule', () => {
  it('is still read by sign-in, the profile, the post detail and the feeds', async () => {
    const user = await createUser(t.app);
    await t.database.db.update(users).set({ phoneNumber: '077 123' }).where(eq(users.id, user.id));
    const post = await insertPost(t, user.id, { name: 'Old number fridge' });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().phoneNumber).toBe('077 123');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/fetch-user',
      headers: { cookie: user.cookie },
    });
    expect(me.json().phoneNumber).toBe('077 123');
    const detail = await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().phoneNumber).toBe('077 123');
    const feed = await t.app.inject({ method: 'GET', url: '/api/first-payload' });
    expect(feed.statusCode).toBe(200);
    expect(feed.json().posts.find((p: { postId: number }) => p.postId === post.id)?.phoneNumber).toBe(
      '077 123',
    );
  });
});
