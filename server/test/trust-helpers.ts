// Helpers for the trust & safety API tests: a moderator account, reports, and posts published through
// the real calls (so the safety checks run on them).
import type { ItemDto } from '../../shared/api-types';
import { createUser, type TestUser } from './factories';
import type { TestApp } from './harness';
import { call, createPostViaApi, productInput } from './listing-helpers';

export const MODERATOR_EMAIL = 'moderator@example.co.zw';
/**
 * The env of a test app with one moderator address. Reports from accounts of any age weigh toward
 * hiding (REPORT_MIN_ACCOUNT_HOURS=0): these tests are about what hiding does, not about a reporter's
 * age (reports/report-weight.test.ts tests the weights with the default).
 */
export const TRUST_ENV = {
  MODERATOR_EMAILS: `someone.else@example.co.zw, ${MODERATOR_EMAIL.toUpperCase()}`,
  REPORT_MIN_ACCOUNT_HOURS: '0',
};

export const createModerator = (t: TestApp) =>
  createUser(t.app, { name: 'Rudo Moderator', email: MODERATOR_EMAIL });

/** `reporter` reports `targetId`, from the address they signed up from (or `from`). */
export function report(
  t: TestApp,
  reporter: TestUser,
  targetId: number,
  body: { targetType?: 'post' | 'comment'; reason?: string; note?: string } = {},
  from: string | undefined = reporter.address,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: { cookie: reporter.cookie },
    ...(from ? { remoteAddress: from } : {}),
    payload: {
      targetType: body.targetType ?? 'post',
      targetId,
      reason: body.reason ?? 'scam',
      ...(body.note === undefined ? {} : { note: body.note }),
    },
  });
}

let addresses = 0;
/** A client address no other test user of this file has (each reporter is a different person). */
export const freshAddress = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

/** Creates and publishes a product through the API; returns the publish answer's item. */
export async function publishViaApi(
  t: TestApp,
  owner: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<ItemDto> {
  const item = await createPostViaApi(t, owner.cookie, productInput(overrides));
  const res = await call(t, 'PUT', '/api/publish-post', owner.cookie, { id: item.id, type: item.type });
  if (res.statusCode !== 200) throw new Error(`publish failed: ${res.statusCode} ${res.body}`);
  return res.json() as ItemDto;
}

/** Whether a visitor finds the post: on the detail call and in the /api/posts list. */
export async function publiclyVisible(t: TestApp, postId: number) {
  const detail = await call(t, 'GET', `/api/posts/${postId}`);
  const list = await call(t, 'GET', '/api/posts');
  const listed = (list.json().posts as { id: number }[]).some((p) => p.id === postId);
  if ((detail.statusCode === 200) !== listed)
    throw new Error(`detail ${detail.statusCode} but listed=${listed} for post ${postId}`);
  return listed;
}

/**
 * `n` signed-in users, new accounts unless the test moves its clock afterwards, each signed up (and
 * reporting) from an address of its own: different people, whose reports add up (decision 014).
 */
export async function createUsers(t: TestApp, n: number, name = 'Reporter') {
  const users: TestUser[] = [];
  for (let i = 0; i < n; i += 1)
    users.push(await createUser(t.app, { name: `${name} ${i + 1}` }, { address: freshAddress() }));
  return users;
}
