// Redis going away mid-traffic (stopped, or hung with its connections open) never costs a request:
// limits count in each process meanwhile (logged once per outage), an account locked before stays
// locked, and sharing comes back without a restart when Redis does (decision 023).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories';
import { redisSkipReason, type ScratchRedis, startScratchRedis } from '../../test/redis';
import { createPost, createTwinApps, login, type TwinApps } from '../../test/twin-apps';

let redis: ScratchRedis;
let twins: TwinApps;
let seller: TestUser;

const states = () => [twins.a.deps.sharedStore?.state, twins.b.deps.sharedStore?.state];
const logged = (lines: string[], text: string) => lines.filter((line) => line.includes(text)).length;

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 300; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Every answer must be a deliberate one: no 5xx whatever Redis does. */
const no5xx = (res: { statusCode: number; body: string }) => {
  expect(res.statusCode, res.body).toBeLessThan(500);
  return res;
};

describe.skipIf(redisSkipReason)(`Redis outages (${redisSkipReason ?? 'a redis-server of its own'})`, () => {
  beforeAll(async () => {
    redis = await startScratchRedis();
    twins = await createTwinApps({ REDIS_URL: redis.url, POSTS_PER_HOUR: '4' });
    await until(() => states().every((s) => s === 'up'), 'Redis');
    seller = await createUser(twins.a);
  });
  afterAll(async () => {
    await twins?.close();
    await redis?.stop();
  });

  it('counts in each process while Redis is stopped, keeps lockouts, and shares again when it is back', async () => {
    const locked = await createUser(twins.a);
    for (let i = 0; i < 10; i++) no5xx(await login(twins.a, locked.email, `wrong ${i}`));
    expect((await login(twins.b, locked.email, locked.password)).statusCode).toBe(429);

    await redis.stop();
    await until(() => states().every((s) => s === 'down'), 'both instances to notice');

    // The account locked at A stays locked there: A counted the attempts itself too.
    expect(no5xx(await login(twins.a, locked.email, locked.password)).statusCode).toBe(429);
    // Writes go on, throttled per process: 4 at A, then 429 at A; B has its own count meanwhile.
    for (let i = 0; i < 4; i++)
      expect(no5xx(await createPost(twins.a, seller.cookie, `Outage ${i}`)).statusCode).toBe(201);
    expect(no5xx(await createPost(twins.a, seller.cookie, 'Outage 5')).statusCode).toBe(429);
    expect(no5xx(await createPost(twins.b, seller.cookie, 'Outage at B')).statusCode).toBe(201);
    // Sign-ins, password checks and the feeds answer as usual.
    const other = await createUser(twins.b);
    for (let i = 0; i < 5; i++) no5xx(await login(twins.b, other.email, `wrong ${i}`));
    expect(no5xx(await login(twins.b, other.email, other.password)).statusCode).toBe(200);
    no5xx(await twins.a.inject({ method: 'GET', url: '/api/first-payload' }));
    // Many requests, one line per instance.
    expect(logged(twins.logs.a, 'redis unavailable')).toBe(1);
    expect(logged(twins.logs.b, 'redis unavailable')).toBe(1);

    await redis.start();
    await until(() => states().every((s) => s === 'up'), 'both instances to reconnect');
    expect(logged(twins.logs.a, 'redis answers again')).toBe(1);
    expect(logged(twins.logs.b, 'redis answers again')).toBe(1);

    // Shared again: a fresh account's 10 failures spread over both lock it on both.
    const fresh = await createUser(twins.b);
    for (let i = 0; i < 10; i++) no5xx(await login(i % 2 ? twins.a : twins.b, fresh.email, `wrong ${i}`));
    expect((await login(twins.a, fresh.email, fresh.password)).statusCode).toBe(429);
    expect((await login(twins.b, fresh.email, fresh.password)).statusCode).toBe(429);
  }, 60_000);

  it('answers while Redis hangs with its connections open, and recovers when it resumes', async () => {
    const user = await createUser(twins.a);
    redis.pause();
    try {
      // Each waits at most the command timeout, then counts in the process; later ones do not wait.
      for (let i = 0; i < 3; i++)
        expect(no5xx(await login(twins.a, user.email, `wrong ${i}`)).statusCode).toBe(401);
      expect(no5xx(await login(twins.b, user.email, user.password)).statusCode).toBe(200);
      expect(states()).toEqual(['down', 'down']);
    } finally {
      redis.resume();
    }
    await until(() => states().every((s) => s === 'up'), 'the probe to find Redis answering');
    expect(no5xx(await createPost(twins.b, user.cookie, 'After the hang')).statusCode).toBe(201);
  }, 60_000);
});

describe.skipIf(redisSkipReason)(
  `Redis down at start (${redisSkipReason ?? 'a redis-server of its own'})`,
  () => {
    let late: ScratchRedis;
    let pair: TwinApps;
    beforeAll(async () => {
      late = await startScratchRedis();
      await late.stop();
      pair = await createTwinApps({ REDIS_URL: late.url });
    });
    afterAll(async () => {
      await pair?.close();
      await late?.stop();
    });

    it('serves from the start, then shares limits and feed-cache clears once Redis answers', async () => {
      const user = await createUser(pair.a);
      // The first connect attempt fails after its timeout, later on a busy machine.
      await until(() => pair.a.deps.sharedStore?.state === 'down', 'A to give up connecting');
      expect(logged(pair.logs.a, 'redis not answering at start')).toBe(1);
      expect(no5xx(await createPost(pair.b, user.cookie, 'Before Redis')).statusCode).toBe(201);

      await late.start();
      const both = () => [pair.a.deps.sharedStore?.state, pair.b.deps.sharedStore?.state];
      await until(() => both().every((s) => s === 'up'), 'both instances to connect');

      // The subscription made while Redis was down is in place: a publish at A empties B's cache.
      await pair.b.inject({ method: 'GET', url: '/api/first-payload' });
      expect(pair.b.deps.feedCache.size).toBe(1);
      const created = await createPost(pair.a, user.cookie, 'After Redis');
      expect(created.statusCode).toBe(201);
      await until(() => pair.b.deps.feedCache.size === 0, "A's message to reach B");
    }, 60_000);
  },
);
