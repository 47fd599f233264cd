// What members do, over real HTTP (a server process, or nginx in front of several): sign up, post with
// a photo, comment, like, message. For the backup round trips (server/backup) and the soak
// (scripts/soak.ts); the client is any with `request`, plain HTTP here or the cluster's HTTPS one.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { jpeg } from '../modules/images/test-images';
import { type Client, keepAliveClient, type Reply } from './http-client';
import { multipart } from './multipart';

/** What a server answered (the shared client's reply). */
export type Answer = Reply;
export type HttpClient = Client;

/** A keep-alive client for one server at `base` (http://127.0.0.1:PORT). */
export function httpClient(base: string): HttpClient {
  return keepAliveClient(base, new http.Agent({ keepAlive: true, maxSockets: 8 }), 30_000);
}

export class UnexpectedAnswer extends Error {
  constructor(
    readonly what: string,
    readonly answer: Answer,
  ) {
    super(`${what} answered ${answer.status}: ${answer.body.toString('utf8').slice(0, 200)}`);
  }
}

function expectStatus(what: string, answer: Answer, ...statuses: number[]): Answer {
  if (!statuses.includes(answer.status)) throw new UnexpectedAnswer(what, answer);
  return answer;
}

export interface Account {
  id: number;
  email: string;
  password: string;
  cookie: string;
}

export const PASSWORD = 'correct horse battery';

export async function signUp(client: HttpClient, tag: string): Promise<Account> {
  const email = `${tag}.${randomBytes(4).toString('hex')}@example.co.zw`;
  const signup = expectStatus(
    'sign-up',
    await client.request('POST', '/api/signup', {
      json: { name: 'Rudo Moyo', email, phoneNumber: '0771234567', password: PASSWORD },
    }),
    201,
  );
  return {
    id: signup.json<{ user_id: number }>().user_id,
    email,
    password: PASSWORD,
    cookie: await logIn(client, email),
  };
}

export async function logIn(client: HttpClient, email: string, password = PASSWORD): Promise<string> {
  const login = expectStatus(
    'login',
    await client.request('POST', '/api/login', { json: { email, password } }),
    200,
  );
  const sid = (login.headers['set-cookie'] ?? [])
    .map((c) => /^(__Host-sid|sid)=[^;]+/.exec(c)?.[0])
    .find(Boolean);
  if (!sid) throw new Error('no session cookie in the login answer');
  return sid;
}

export interface PostedImage {
  url: string;
}

let photo: Buffer | undefined;

/** A published listing with one photo; answers its id and the photo's URL. */
export async function postWithPhoto(
  client: HttpClient,
  account: Account,
  name: string,
): Promise<{ postId: number; imageUrl: string }> {
  const headers = { cookie: account.cookie };
  const created = expectStatus(
    'create-post',
    await client.request('POST', '/api/create-post', {
      headers,
      json: {
        type: 'product',
        sell_or_buy: 'Sell',
        name,
        category: 'Electronics',
        price: '120',
        paymentMethods: 'Cash, EcoCash',
        details: 'Collection in Avondale.',
        city: 'Harare',
        location: 'Avondale',
        userId: account.id,
      },
    }),
    201,
  );
  const postId = created.json<{ postId: number }>().postId;
  photo ??= await jpeg(640, 480);
  const form = multipart([
    { name: 'postId', value: String(postId) },
    { name: 'type', value: 'product' },
    { name: 'images', filename: 'photo.jpg', data: photo, contentType: 'image/jpeg' },
  ]);
  const upload = expectStatus(
    'upload',
    await client.request('POST', '/api/files/upload', {
      headers: { ...form.headers, cookie: account.cookie },
      body: form.payload,
    }),
    201,
  );
  const imageUrl = upload.json<{ images: Array<{ url: string }> }>().images[0]?.url as string;
  expectStatus(
    'publish',
    await client.request('PUT', '/api/publish-post', { headers, json: { id: postId, type: 'product' } }),
    200,
  );
  return { postId, imageUrl };
}

export async function comment(
  client: HttpClient,
  account: Account,
  postId: number,
  content: string,
): Promise<number> {
  const answer = expectStatus(
    'comment',
    await client.request('POST', '/api/comments', {
      headers: { cookie: account.cookie },
      json: { postId, content },
    }),
    201,
  );
  return answer.json<{ comment: { id: number } }>().comment.id;
}

/** Likes a post (the toggle; the answer says whether it is now liked). */
export async function like(client: HttpClient, account: Account, postId: number): Promise<boolean> {
  const answer = expectStatus(
    'like',
    await client.request('POST', `/api/likes/toggle/${postId}`, { headers: { cookie: account.cookie } }),
    200,
    201,
  );
  return answer.json<{ isLiked: boolean }>().isLiked;
}
