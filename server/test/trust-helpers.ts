// Helpers for the trust & safety API tests: a moderator account, reports, and posts published through
// the real calls (so the safety checks run on them).
import type { ItemDto } from '../../shared/api-types';
import { createUser, type TestUser } from './factories';
import type { TestApp } from './harness';
import { call, createPostViaApi, productInput } from './listing-helpers';

export const MODERATOR_EMAIL = 'moderator@example.co.zw';
/** The env of a test app with one moderator address. */
export const TRUST_ENV = { MODERATOR_EMAILS: `someone.else@example.co.zw, ${MODERATOR_EMAIL.toUpperCase()}` };

export const createModerator = (t: TestApp) =>
  createUser(t.app, { name: 'Rudo Moderator', email: MODERATOR_EMAIL });

export function report(
  t: TestApp,
  reporter: TestUser,
  targetId: number,
  body: { targetType?: 'post' | 'comment'; reason?: string; note?: string } = {},
) {
  return call(t, 'POST', '/api/reports', reporter.cookie, {
    targetType: body.targetType ?? 'post',
    targetId,
    reason: body.reason ?? 'scam',
    ...(body.note === undefined ? {} : { note: body.note }),
  });
}

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

/** `n` signed-in users (new accounts unless the test moves its clock afterwards). */
export async function createUsers(t: TestApp, n: number, name = 'Reporter') {
  const users: TestUser[] = [];
  for (let i = 0; i < n; i += 1) users.push(await createUser(t.app, { name: `${name} ${i + 1}` }));
  return users;
}
