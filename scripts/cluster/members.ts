import { randomBytes } from 'node:crypto';
import { expect } from './checks';
import { type Client, type Reply, sessionCookieOf } from './client';

export const listing = (name: string) => ({
  type: 'product',
  sell_or_buy: 'Sell',
  name,
  category: 'Electronics',
  price: '120',
  paymentMethods: 'Cash, EcoCash',
  details: 'Collection in Avondale.',
  city: 'Harare',
  location: 'Avondale',
});

export interface Member {
  id: number;
  email: string;
  password: string;
  cookie: string;
}

export async function signUpAndIn(client: Client, tag: string): Promise<Member & { loginReply: Reply }> {
  const email = `${tag}.${randomBytes(3).toString('hex')}@example.co.zw`;
  const password = 'correct horse battery';
  const signup = await client.request('POST', '/api/signup', {
    json: { name: 'Rudo Moyo', email, phoneNumber: '0771234567', password },
  });
  expect(signup.status === 201, `sign-up answered ${signup.status}: ${signup.body}`);
  const login = await client.request('POST', '/api/login', { json: { email, password } });
  expect(login.status === 200, `login answered ${login.status}: ${login.body}`);
  return {
    id: signup.json<{ user_id: number }>().user_id,
    email,
    password,
    cookie: sessionCookieOf(login),
    loginReply: login,
  };
}

export async function createPost(
  client: Client,
  member: Member,
  name: string,
  publish: boolean,
): Promise<number> {
  const headers = { cookie: member.cookie };
  const created = await client.request('POST', '/api/create-post', {
    headers,
    json: { ...listing(name), userId: member.id },
  });
  expect(created.status === 201, `create-post answered ${created.status}: ${created.body}`);
  const id = created.json<{ postId: number }>().postId;
  if (publish) {
    const published = await client.request('PUT', '/api/publish-post', {
      headers,
      json: { id, type: 'product' },
    });
    expect(published.status === 200, `publish-post answered ${published.status}: ${published.body}`);
  }
  return id;
}
