// Which API answers say they may be kept (decision 044): an answer that is the same for every reader is
// `public, no-cache`; one that depends on who asks (the owner's view, a moderator's view of what
// moderation keeps back, anyone's own data) is `private, no-store`, so neither a shared cache nor the
// service worker keeps it. Checked for each role: visitor, another member, the owner, a moderator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_ANSWER, PUBLIC_ANSWER } from '../../shared/answer-privacy';
import { createUser, type TestUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { call } from '../test/listing-helpers';
import { insertPost } from '../test/post-factory';
import { createModerator, TRUST_ENV } from '../test/trust-helpers';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let moderator: TestUser;
let suspendedSeller: TestUser;
const ids = { listed: 0, hidden: 0, draft: 0, sold: 0, suspended: 0 };

beforeAll(async () => {
  t = await createTestApp(TRUST_ENV);
  owner = await createUser(t.app, { name: 'Rudo Chari' });
  other = await createUser(t.app, { name: 'Tendai Moyo' });
  moderator = await createModerator(t);
  suspendedSeller = await createUser(t.app, { name: 'Suspended Seller' });
  ids.listed = (await insertPost(t, owner.id, { name: 'Listed fridge' })).id;
  ids.hidden = (await insertPost(t, owner.id, { name: 'Hidden fridge' })).id;
  ids.draft = (await insertPost(t, owner.id, { name: 'Draft fridge', isPublished: false })).id;
  ids.sold = (await insertPost(t, owner.id, { name: 'Sold fridge' })).id;
  ids.suspended = (await insertPost(t, suspendedSeller.id, { name: 'Suspended seller fridge' })).id;
  const ok = async (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBe(200);
  await ok(await call(t, 'POST', `/api/moderation/posts/${ids.hidden}/hide`, moderator.cookie, {}));
  await ok(await call(t, 'PUT', `/api/posts/${ids.sold}/status`, owner.cookie, { status: 'sold' }));
  await ok(
    await call(t, 'POST', `/api/moderation/users/${suspendedSeller.id}/suspend`, moderator.cookie, {}),
  );
});
afterAll(() => t.close());

type Role = 'visitor' | 'other' | 'owner' | 'moderator';
const cookieOf = (role: Role) =>
  ({ visitor: undefined, other: other.cookie, owner: owner.cookie, moderator: moderator.cookie })[role];

/** The status and Cache-Control of a GET as `role`. */
async function read(role: Role, url: string) {
  const res = await call(t, 'GET', url, cookieOf(role));
  return [res.statusCode, res.headers['cache-control']];
}

const PUBLIC_200 = [200, PUBLIC_ANSWER];
const PRIVATE_200 = [200, PRIVATE_ANSWER];
const PRIVATE_404 = [404, PRIVATE_ANSWER];

describe('a post detail is public only when every visitor gets the same answer', () => {
  it.each([
    // post, visitor, another member, the owner, a moderator
    ['listed', PUBLIC_200, PUBLIC_200, PRIVATE_200, PUBLIC_200],
    ['hidden', PRIVATE_404, PRIVATE_404, PRIVATE_200, PRIVATE_200],
    ['suspended', PRIVATE_404, PRIVATE_404, undefined, PRIVATE_200],
    ['draft', PRIVATE_404, PRIVATE_404, PRIVATE_200, PRIVATE_404],
    // Sold: others get it without the number (the same for all of them); its owner gets the number.
    ['sold', PUBLIC_200, PUBLIC_200, PRIVATE_200, PUBLIC_200],
  ] as const)('%s post', async (post, visitor, member, own, mod) => {
    const url = `/api/posts/${ids[post]}`;
    expect(await read('visitor', url), 'visitor').toEqual(visitor);
    expect(await read('other', url), 'another member').toEqual(member);
    if (own) expect(await read('owner', url), 'owner').toEqual(own);
    expect(await read('moderator', url), 'moderator').toEqual(mod);
  });

  it('a moderator opening a suspended seller’s post gets more than visitors, marked private', async () => {
    const res = await call(t, 'GET', `/api/posts/${ids.suspended}`, moderator.cookie);
    expect(res.json().Product.name).toBe('Suspended seller fridge');
    expect(res.headers['cache-control']).toBe(PRIVATE_ANSWER);
  });
});

describe('the feeds are the same for every reader', () => {
  it.each(['visitor', 'other', 'owner', 'moderator'] as const)('public for %s', async (role) => {
    for (const url of ['/api/first-payload', '/api/posts', '/api/posts?type=product'])
      expect(await read(role, url), url).toEqual(PUBLIC_200);
    for (const [url, field] of [
      ['/api/rolling-feed-products', 'incomingProductCursor'],
      ['/api/rolling-feed-services', 'incomingServiceCursor'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(cookieOf(role) ? { cookie: cookieOf(role) } : {}),
        },
        payload: `${field}=`,
      });
      expect([res.statusCode, res.headers['cache-control']], url).toEqual(PUBLIC_200);
    }
  });

  it('a failed feed read is not marked public', async () => {
    expect(await read('visitor', '/api/posts?type=nonsense')).toEqual([400, PRIVATE_ANSWER]);
  });
});

describe('everything else is private', () => {
  it.each(['visitor', 'other', 'owner', 'moderator'] as const)('for %s', async (role) => {
    for (const url of [
      '/api/verify-auth',
      '/api/fetch-user',
      '/api/my-created-posts',
      '/api/favourites',
      `/api/likes/status/${ids.listed}`,
      `/api/comments/post/${ids.listed}`,
      `/api/users/${owner.id}/profile`,
      '/api/moderation/queue',
      '/api/config',
    ]) {
      const res = await call(t, 'GET', url, cookieOf(role));
      expect(res.headers['cache-control'], `${role} ${url} (${res.statusCode})`).toBe(PRIVATE_ANSWER);
    }
  });
});
