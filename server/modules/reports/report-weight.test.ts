// What a report weighs toward hiding (issue 36, decision 014), with the default settings: weight
// follows trust, one person has one voice on a target, and a moderator's restore holds. Ages move with
// the app's clock; addresses are the sockets' (inject's remoteAddress).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueItem } from '../../../shared/api-types';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { call } from '../../test/listing-helpers';
import { insertPost } from '../../test/post-factory';
import { DAY_MS, TestClock } from '../../test/test-clock';
import { createModerator, freshAddress, MODERATOR_EMAIL, report } from '../../test/trust-helpers';

const HOUR_MS = 3_600_000;
const clock = new TestClock();
let t: TestApp;
let seller: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  t = await createTestApp(
    // The clock moves months in this file: sessions outlive it.
    {
      MODERATOR_EMAILS: MODERATOR_EMAIL,
      SIGNUPS_PER_IP: '1000',
      REPORTS_PER_HOUR: '1000',
      SESSION_DAYS: '3650',
      SESSION_MAX_DAYS: '3650',
    },
    { clock },
  );
  seller = await createUser(t.app, { name: 'Honest seller' });
  moderator = await createModerator(t);
});
afterAll(() => t.close());

/** `n` accounts, each from an address of its own unless `address` is given. */
async function accounts(n: number, name: string, address?: string) {
  const made: TestUser[] = [];
  for (let i = 0; i < n; i += 1)
    made.push(await createUser(t.app, { name: `${name} ${i + 1}` }, { address: address ?? freshAddress() }));
  return made;
}

const target = (name: string) => insertPost(t, seller.id, { name });
const isPublic = async (postId: number) => (await call(t, 'GET', `/api/posts/${postId}`)).statusCode === 200;

async function queueItem(targetType: 'post' | 'comment', id: number): Promise<QueueItem | undefined> {
  const res = await call(t, 'GET', '/api/moderation/queue?limit=100', moderator.cookie);
  expect(res.statusCode).toBe(200);
  return (res.json().items as QueueItem[]).find((item) => item.targetType === targetType && item.id === id);
}

/** The queue's explanation of each open report on a post, in the queue's order: 'why: weight'. */
async function explained(postId: number, targetType: 'post' | 'comment' = 'post') {
  const item = await queueItem(targetType, postId);
  return { total: item?.reportWeight, reports: item?.reports.map((r) => `${r.weighed}: ${r.weight}`) };
}

/** Each reports the post: from `from`, else from the address they signed up from. */
async function reportAll(reporters: TestUser[], postId: number, from?: () => string) {
  for (const reporter of reporters)
    expect((await report(t, reporter, postId, {}, from?.() ?? reporter.address)).statusCode).toBe(201);
}

describe('weight follows trust', () => {
  it('five accounts younger than REPORT_MIN_ACCOUNT_HOURS weigh 0: the post stays public, in the queue', async () => {
    const post = await target('Generator 5kVA');
    await reportAll(await accounts(5, 'Throwaway'), post.id);
    expect(await isPublic(post.id)).toBe(true);
    expect(await explained(post.id)).toEqual({ total: 0, reports: Array(5).fill('new-account: 0') });
  });

  it('weighs 1 after 24 hours, and 2 after 7 days with a public post or comment of their own', async () => {
    const [day, week, poster, commenter, removed] = await accounts(5, 'Member');
    const post = await target('Solar panel 300W');
    const own = await insertPost(t, (poster as TestUser).id, { name: 'My own bicycle' });
    const mine = await call(t, 'POST', '/api/comments', (commenter as TestUser).cookie, {
      postId: own.id,
      content: 'Nice bike',
    });
    expect(mine.statusCode).toBe(201);
    // A post a moderator removed is not "something that stayed public".
    const gone = await insertPost(t, (removed as TestUser).id, { name: 'Removed listing' });
    expect(
      (await call(t, 'POST', `/api/moderation/posts/${gone.id}/hide`, moderator.cookie)).statusCode,
    ).toBe(200);

    clock.advance(25 * HOUR_MS);
    await reportAll([day as TestUser], post.id);
    clock.advance(7 * DAY_MS);
    await reportAll([week, removed] as TestUser[], post.id);
    expect(await isPublic(post.id)).toBe(true);
    await reportAll([poster as TestUser], post.id);
    expect(await explained(post.id)).toEqual({
      total: 5,
      reports: ['established: 2', 'member: 1', 'member: 1', 'member: 1'],
    });
    // 5 reached REPORT_HIDE_WEIGHT: the last report hid it.
    expect(await isPublic(post.id)).toBe(false);
    const other = await target('Water tank');
    await reportAll([commenter as TestUser], other.id);
    expect((await explained(other.id)).reports).toEqual(['established: 2']);
  });

  it('weighs 0 after three dismissed reports, until one of their reports is upheld', async () => {
    const [picky] = (await accounts(1, 'Picky')) as [TestUser];
    const posts = await Promise.all(
      ['Fridge', 'Stove', 'Kettle', 'Heater', 'Scam phone', 'Iron'].map(target),
    );
    const [a, b, c, d, scam, e] = posts.map((p) => p.id) as [number, number, number, number, number, number];
    clock.advance(2 * DAY_MS);
    for (const id of [a, b, c]) {
      await reportAll([picky], id);
      clock.advance(60_000);
      expect(
        (await call(t, 'POST', `/api/moderation/posts/${id}/restore`, moderator.cookie)).statusCode,
      ).toBe(200);
    }
    await reportAll([picky], d);
    await reportAll([picky], scam);
    expect((await explained(d)).reports).toEqual(['earlier-dismissed: 0']);
    // A moderator upholds one: their reports count again, the open ones too.
    clock.advance(60_000);
    expect((await call(t, 'POST', `/api/moderation/posts/${scam}/hide`, moderator.cookie)).statusCode).toBe(
      200,
    );
    expect((await explained(d)).reports).toEqual(['member: 1']);
    await reportAll([picky], e);
    expect((await explained(e)).reports).toEqual(['member: 1']);
  });
});

describe('one person, one voice', () => {
  it('accounts signed up on one address within 24 hours count once, as the largest of them', async () => {
    const phone = freshAddress();
    const ring = await accounts(5, 'Ring', phone);
    const post = await target('Competitor listing');
    clock.advance(2 * DAY_MS);
    // Each sends from a different network (mobile data, Wi-Fi, ...): the sign-up address still ties them.
    await reportAll(ring, post.id, freshAddress);
    expect(await isPublic(post.id)).toBe(true);
    expect(await explained(post.id)).toEqual({
      total: 1,
      reports: ['member: 1', ...Array(4).fill('same-signup-address: 0')],
    });
  });

  it('accounts from one address more than 24 hours apart are different people', async () => {
    const home = freshAddress();
    const [first] = (await accounts(1, 'Sibling', home)) as [TestUser];
    clock.advance(25 * HOUR_MS);
    const [second] = (await accounts(1, 'Sibling', home)) as [TestUser];
    clock.advance(25 * HOUR_MS);
    const post = await target('Couch');
    await reportAll([first, second], post.id, freshAddress);
    expect((await explained(post.id)).reports).toEqual(['member: 1', 'member: 1']);
  });

  it('reports sent from one address within an hour count once, whatever the accounts', async () => {
    const trusted = await accounts(5, 'Office');
    for (const person of trusted) await insertPost(t, person.id, { name: `${person.name} desk` });
    clock.advance(8 * DAY_MS);
    const post = await target('Laptop');
    const cafe = freshAddress();
    await reportAll(trusted.slice(0, 4), post.id, () => cafe);
    expect(await explained(post.id)).toEqual({
      total: 2,
      reports: ['established: 2', ...Array(3).fill('same-report-address: 0')],
    });
    // More than an hour later, the same address is another voice.
    clock.advance(HOUR_MS + 1000);
    await reportAll(trusted.slice(4), post.id, () => cafe);
    expect((await explained(post.id)).total).toBe(4);
    expect(await isPublic(post.id)).toBe(true);
  });
});

describe("a moderator's decision holds", () => {
  it('after a restore, reports only queue the post for RESTORED_IMMUNITY_DAYS, marked; then they hide it', async () => {
    const post = await target('Restored listing');
    const first = await accounts(5, 'First wave');
    const second = await accounts(5, 'Second wave');
    clock.advance(2 * DAY_MS);
    await reportAll(first, post.id);
    expect(await isPublic(post.id)).toBe(false);
    expect(
      (await call(t, 'POST', `/api/moderation/posts/${post.id}/restore`, moderator.cookie)).statusCode,
    ).toBe(200);
    expect(await isPublic(post.id)).toBe(true);

    await reportAll(second.slice(0, 4), post.id);
    clock.advance(29 * DAY_MS);
    await reportAll(second.slice(4), post.id);
    expect(await isPublic(post.id)).toBe(true);
    const item = await queueItem('post', post.id);
    expect(item?.reportWeight).toBe(5);
    expect(item?.reports.every((r) => r.afterRestore)).toBe(true);

    // Past the 30 days the next report counts as before.
    clock.advance(2 * DAY_MS);
    const [late] = (await accounts(1, 'Late')) as [TestUser];
    clock.advance(2 * DAY_MS);
    await reportAll([late], post.id);
    expect(await isPublic(post.id)).toBe(false);
    expect((await queueItem('post', post.id))?.reports.some((r) => r.afterRestore)).toBe(false);
  });

  it('holds for a restored comment too', async () => {
    const post = await target('Post with a comment');
    const writer = await createUser(t.app, { name: 'Commenter' });
    const created = await call(t, 'POST', '/api/comments', writer.cookie, {
      postId: post.id,
      content: 'Call me',
    });
    const commentId = created.json().comment.id as number;
    const first = await accounts(5, 'Comment wave');
    const second = await accounts(5, 'Comment wave 2');
    clock.advance(2 * DAY_MS);
    for (const r of first) await report(t, r, commentId, { targetType: 'comment', reason: 'spam' });
    const hidden = (await call(t, 'GET', `/api/comments/post/${post.id}`)).json().data.comments;
    expect(hidden).toEqual([]);
    const restored = await call(t, 'POST', `/api/moderation/comments/${commentId}/restore`, moderator.cookie);
    expect(restored.statusCode).toBe(200);
    for (const r of second) await report(t, r, commentId, { targetType: 'comment', reason: 'spam' });
    const shown = (await call(t, 'GET', `/api/comments/post/${post.id}`)).json().data.comments;
    expect(shown.map((c: { id: number }) => c.id)).toEqual([commentId]);
    const item = await queueItem('comment', commentId);
    expect(item?.reportWeight).toBe(5);
    expect(item?.reports.every((r) => r.afterRestore)).toBe(true);
  });
});
