// Two instances on one Redis (REDIS_URL) and one database count together: failed logins, write
// throttles and feed-cache clears made at one are seen at the other (decision 023).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RollingFeedItem } from '../../../shared/api-types';
import type { App } from '../../app';
import { createUser, newUserInput, type TestUser } from '../../test/factories';
import { flushPrefix, REDIS_TEST_URL, redisSkipReason, testPrefix } from '../../test/redis';
import { createPost, createTwinApps, login, publishPost, type TwinApps } from '../../test/twin-apps';
import type { ReadCache } from '../read-cache';

const prefix = testPrefix('shared-limits');
let twins: TwinApps;
let seller: TestUser;

const firstPayloadNames = async (app: App) =>
  (await app.inject({ method: 'GET', url: '/api/first-payload' }))
    .json()
    .posts.map((p: RollingFeedItem) => p.name);

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 400; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Reads until `cache` keeps what was read (a clear from an earlier write may arrive after a read). */
async function untilCached(cache: ReadCache, read: () => Promise<void>) {
  for (let i = 0; i < 40 && cache.size === 0; i++) {
    await read();
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(cache.size).toBeGreaterThan(0);
}

describe.skipIf(redisSkipReason)(`two instances on one Redis (${redisSkipReason ?? REDIS_TEST_URL})`, () => {
  beforeAll(async () => {
    twins = await createTwinApps({
      REDIS_URL: REDIS_TEST_URL,
      REDIS_KEY_PREFIX: prefix,
      POSTS_PER_HOUR: '3',
    });
    await until(
      () => twins.a.deps.sharedStore?.state === 'up' && twins.b.deps.sharedStore?.state === 'up',
      'Redis',
    );
    seller = await createUser(twins.a);
  });
  afterAll(async () => {
    await twins?.close();
    await flushPrefix(prefix);
  });

  it('says at start that rate limits and feed-cache clears go through Redis', () => {
    for (const lines of [twins.logs.a, twins.logs.b])
      expect(lines.join('')).toContain(
        'rate limits: redis (shared by every instance), feed cache invalidation: redis pub/sub',
      );
  });

  it('locks an account on both after 10 wrong passwords spread over both', async () => {
    const user = await createUser(twins.a, newUserInput());
    for (let i = 0; i < 10; i++) {
      const res = await login(i % 2 ? twins.b : twins.a, user.email, `wrong guess ${i}`);
      expect(res.statusCode).toBe(401);
    }
    for (const app of [twins.a, twins.b]) {
      const locked = await login(app, user.email, user.password);
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address is not locked (the per-address rule, shared).
    expect((await login(twins.b, user.email, user.password, '198.51.100.8')).statusCode).toBe(200);
  });

  it('checks at most 10 of 60 parallel wrong passwords sent to both at once', async () => {
    const user = await createUser(twins.b);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        login(i % 2 ? twins.a : twins.b, user.email, `guess ${i}`, '203.0.113.60'),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
  });

  it('counts a per-user write throttle across both', async () => {
    expect((await createPost(twins.a, seller.cookie, 'Throttle 1')).statusCode).toBe(201);
    expect((await createPost(twins.b, seller.cookie, 'Throttle 2')).statusCode).toBe(201);
    expect((await createPost(twins.a, seller.cookie, 'Throttle 3')).statusCode).toBe(201);
    for (const app of [twins.b, twins.a]) {
      const refused = await createPost(app, seller.cookie, 'Throttle 4');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it("clears the other instance's landing-feed cache when a post is published at one", async () => {
    const other = await createUser(twins.a);
    const before = await firstPayloadNames(twins.b);
    expect(twins.b.deps.feedCache.size).toBe(1);
    await publishPost(twins.a, other.cookie, 'Published elsewhere');
    // B's cached copy lives a second; only a message from A empties it (expired entries stay until read).
    await until(() => twins.b.deps.feedCache.size === 0, "A's message to reach B");
    expect(before).not.toContain('Published elsewhere');
    expect(await firstPayloadNames(twins.b)).toContain('Published elsewhere');
  });

  it('signs a session out on the other instance at once, though its GETs had it cached', async () => {
    const user = await createUser(twins.a, newUserInput());
    const verify = async () =>
      (
        await twins.b.inject({ method: 'GET', url: '/api/verify-auth', headers: { cookie: user.cookie } })
      ).json().isAuthenticated;
    await untilCached(twins.b.deps.sessionCache, async () => expect(await verify()).toBe(true));
    const out = await twins.a.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: user.cookie },
    });
    expect(out.statusCode).toBe(200);
    await until(() => twins.b.deps.sessionCache.size === 0, "A's message to reach B");
    expect(await verify()).toBe(false);
  });

  it("shows a comment written at one instance on the other's cached comments page", async () => {
    const [buyer, owner] = [await createUser(twins.a), await createUser(twins.a)];
    const id = await publishPost(twins.a, owner.cookie, 'Commented elsewhere');
    const page = async () =>
      (await twins.b.inject({ method: 'GET', url: `/api/comments/post/${id}` }))
        .json()
        .data.comments.map((c: { content: string }) => c.content);
    // B caches the page; refilled if A's clears from the publish arrive after it.
    await untilCached(twins.b.deps.commentsCache, async () => expect(await page()).toEqual([]));
    const posted = await twins.a.inject({
      method: 'POST',
      url: '/api/comments',
      headers: { cookie: buyer.cookie },
      payload: { postId: id, content: 'Seen on both' },
    });
    expect(posted.statusCode).toBe(201);
    await until(() => twins.b.deps.commentsCache.size === 0, "A's message to reach B");
    expect(await page()).toEqual(['Seen on both']);
  });
});
