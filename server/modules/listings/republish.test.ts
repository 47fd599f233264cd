// Unpublishing and publishing again must not keep a post on top of the feeds: a republished post
// moves up at most once per 7 days (the injectable clock moves time).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { call, createPostViaApi, myPosts, productInput } from '../../test/listing-helpers';
import { DAY_MS, TestClock } from '../../test/test-clock';

let t: TestApp;
let owner: TestUser;
const clock = new TestClock();
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  owner = await createUser(t.app);
});
afterAll(() => t.close());

const setPublished = (item: { id: number; type: string }, isPublished: boolean) =>
  call(t, 'PUT', '/api/publish-manager', owner.cookie, { id: item.id, type: item.type, isPublished });

async function publishedAt(postId: number) {
  return (await myPosts(t, owner.cookie)).find((p) => p.id === postId)?.publishedAt;
}

async function feedIds() {
  const res = await t.app.inject({ method: 'GET', url: '/api/posts?type=product' });
  return (res.json().posts as Array<{ id: number }>).map((p) => p.id);
}

describe('republishing a post', () => {
  it('keeps its place when toggled within 7 days, and moves up once 7 days have passed', async () => {
    const older = await createPostViaApi(t, owner.cookie, productInput({ name: 'Older fridge' }));
    const newer = await createPostViaApi(t, owner.cookie, productInput({ name: 'Newer fridge' }));
    expect((await setPublished(older, true)).statusCode).toBe(200);
    const firstStamp = await publishedAt(older.id);
    clock.advance(60_000);
    expect((await setPublished(newer, true)).statusCode).toBe(200);
    expect((await feedIds()).slice(0, 2)).toEqual([newer.id, older.id]);

    // Toggled off and on a day later, many times: same stamp, still below the newer post.
    clock.advance(DAY_MS);
    for (let i = 0; i < 5; i++) {
      expect((await setPublished(older, false)).statusCode).toBe(200);
      expect(await publishedAt(older.id)).toBeNull();
      expect((await setPublished(older, true)).statusCode).toBe(200);
    }
    expect(await publishedAt(older.id)).toBe(firstStamp);
    expect((await feedIds()).slice(0, 2)).toEqual([newer.id, older.id]);

    // Eight days after it was first published, one republish moves it to the top, once.
    clock.advance(7 * DAY_MS);
    await setPublished(older, false);
    await setPublished(older, true);
    const bumped = await publishedAt(older.id);
    expect(bumped).toBe(clock.now().toISOString());
    expect((await feedIds()).slice(0, 2)).toEqual([older.id, newer.id]);
    clock.advance(DAY_MS);
    await setPublished(older, false);
    await setPublished(older, true);
    expect(await publishedAt(older.id)).toBe(bumped);
  });
});
