// create-post's Idempotency-Key (decision 026): one post per user and key, however often and however
// concurrently the key arrives; a bad key is refused before anything is stored.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { idempotencyKeys, posts } from '../../db/schema';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { productInput } from '../../test/listing-helpers';
import { DAY_MS, TestClock } from '../../test/test-clock';
import { sweepIdempotencyKeys } from './service';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
const clock = new TestClock();
beforeAll(async () => {
  t = await createTestApp({ POSTS_PER_HOUR: '1000', NEW_ACCOUNT_POSTS_PER_DAY: '1000' }, { clock });
  owner = await createUser(t.app, { name: 'Rudo Chari' });
  other = await createUser(t.app);
});
afterAll(() => t.close());

let keys = 0;
/** A fresh, valid key per test. */
const newKey = () => `test-key-${++keys}-${Date.now()}`;

const create = (cookie: string, key: string | undefined, input = productInput()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-post',
    headers: { cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: input,
  });

const postsOf = async (userId: number) => {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(posts)
    .where(eq(posts.userId, userId));
  return row?.n ?? 0;
};
const storedKeys = async () => {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(idempotencyKeys);
  return row?.n ?? 0;
};

describe('POST /api/create-post with an Idempotency-Key', () => {
  it('answers a repeat of the key with the same status and body, and stores one post', async () => {
    const key = newKey();
    const before = await postsOf(owner.id);
    const first = await create(owner.cookie, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await create(owner.cookie, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await postsOf(owner.id)).toBe(before + 1);
  });

  it('stores one post for two concurrent requests with the same key', async () => {
    const key = newKey();
    const before = await postsOf(owner.id);
    const answers = await Promise.all([create(owner.cookie, key), create(owner.cookie, key)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers[0]?.json().id).toBe(answers[1]?.json().id);
    expect(await postsOf(owner.id)).toBe(before + 1);
  });

  it('answers a reused key with a different body with the first post, unchanged', async () => {
    const key = newKey();
    const first = await create(owner.cookie, key, productInput({ name: 'Gas stove' }));
    const before = await postsOf(owner.id);
    const changed = await create(owner.cookie, key, productInput({ name: 'Electric stove' }));
    expect(changed.statusCode).toBe(201);
    expect(changed.json()).toEqual(first.json());
    expect(changed.json().name).toBe('Gas stove');
    expect(await postsOf(owner.id)).toBe(before);
  });

  it('keeps keys per user: the same key from two users makes two posts', async () => {
    const key = newKey();
    const [mine, theirs] = [await create(owner.cookie, key), await create(other.cookie, key)];
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(theirs.json().userId).toBe(other.id);
  });

  it.each([
    ['too short', 'abc1234'],
    ['too long', 'k'.repeat(129)],
    ['not ASCII', 'clé-de-test-1'],
    ['a control character', 'key\u0001with-control'],
  ])('answers 400 for a key that is %s and stores nothing', async (_why, key) => {
    const before = await postsOf(owner.id);
    const keysBefore = await storedKeys();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-post',
      // Raw, so the test sends exactly these bytes (inject would refuse some as header values).
      headers: { cookie: owner.cookie, 'idempotency-key': Buffer.from(key).toString('latin1') },
      payload: productInput(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.create.badIdempotencyKey);
    expect(await postsOf(owner.id)).toBe(before);
    expect(await storedKeys()).toBe(keysBefore);
  });

  it('accepts keys of 8 and of 128 printable characters, spaces inside included', async () => {
    for (const key of ['a b c d!', `~${'x'.repeat(127)}`]) {
      expect((await create(owner.cookie, key)).statusCode).toBe(201);
    }
  });

  it('creates a post per request without a key, as before', async () => {
    const before = await postsOf(owner.id);
    const a = await create(owner.cookie, undefined);
    const b = await create(owner.cookie, undefined);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).not.toBe(b.json().id);
    expect(await postsOf(owner.id)).toBe(before + 2);
  });

  it('stores no key when the create is refused (a bad body), so the retry creates the post', async () => {
    const key = newKey();
    const refused = await create(owner.cookie, key, productInput({ name: '' }));
    expect(refused.statusCode).toBe(400);
    const before = await postsOf(owner.id);
    const retry = await create(owner.cookie, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await postsOf(owner.id)).toBe(before + 1);
  });

  it('forgets keys after a day (the sweep): the same key then creates a new post', async () => {
    const key = newKey();
    const first = await create(owner.cookie, key);
    clock.advance(DAY_MS + 60_000);
    expect(await sweepIdempotencyKeys({ database: t.database, clock })).toBeGreaterThan(0);
    const later = await create(owner.cookie, key);
    expect(later.statusCode).toBe(201);
    expect(later.json().id).not.toBe(first.json().id);
  });
});
