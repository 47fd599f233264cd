import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { posts } from '../../db/schema';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { call, productInput, serviceInput } from '../../test/listing-helpers';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
beforeAll(async () => {
  // Far above the per-user write limits (plugins/write-limits.test.ts tests those): many writes here.
  t = await createTestApp({ POSTS_PER_HOUR: '1000', NEW_ACCOUNT_POSTS_PER_DAY: '1000' });
  owner = await createUser(t.app, { name: 'Rudo Chari' });
  other = await createUser(t.app);
});
afterAll(() => t.close());

const postCount = async () => {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(posts);
  return row?.n ?? 0;
};

describe('POST /api/create-post', () => {
  it('creates an unpublished product and returns it with its postId', async () => {
    const res = await call(t, 'POST', '/api/create-post', owner.cookie, {
      ...productInput({ name: '  Samsung Galaxy A14 ' }),
      userId: owner.id,
    });
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item).toEqual({
      id: expect.any(Number),
      postId: item.id,
      type: 'product',
      sell_or_buy: 'Sell',
      name: 'Samsung Galaxy A14',
      category: 'Electronics',
      price: '120',
      paymentMethods: 'Cash, EcoCash',
      details: 'Like new, with charger.',
      city: 'Harare',
      location: 'Avondale',
      isPublished: false,
      userId: owner.id,
      moderation: 'visible',
      // Beyond the spec (issue 14).
      status: 'available',
      currency: 'USD',
    });
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, item.id));
    expect(row).toMatchObject({ userId: owner.id, isPublished: false, publishedAt: null, price: '120' });
  });

  it('creates a service whose price is called rate', async () => {
    const res = await call(t, 'POST', '/api/create-post', owner.cookie, serviceInput());
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({ type: 'service', rate: '15', sell_or_buy: 'Buy', isPublished: false });
    expect(item).not.toHaveProperty('price');
  });

  it('accepts the userId as a string when it is the session user', async () => {
    const res = await call(t, 'POST', '/api/create-post', owner.cookie, {
      ...productInput(),
      userId: String(owner.id),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().userId).toBe(owner.id);
  });

  it("answers 403 for someone else's userId and creates nothing", async () => {
    const before = await postCount();
    const res = await call(t, 'POST', '/api/create-post', other.cookie, {
      ...productInput(),
      userId: owner.id,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MSG.auth.forbidden });
    expect(await postCount()).toBe(before);
  });

  it('answers 401 to a visitor and creates nothing', async () => {
    const before = await postCount();
    const res = await call(t, 'POST', '/api/create-post', undefined, productInput());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MSG.auth.notSignedIn });
    expect(await postCount()).toBe(before);
  });

  it.each([
    ['name', '   ', MSG.create.nameRequired],
    ['name', undefined, MSG.create.nameRequired],
    ['category', '', MSG.create.categoryRequired],
    ['category', 'Cars', MSG.create.categoryRequired],
    ['price', ' ', MSG.create.priceRequired],
    ['paymentMethods', '', MSG.create.paymentRequired],
    ['details', '\n', MSG.create.detailsRequired],
    ['city', '', MSG.create.cityRequired],
    ['city', 'Lusaka', MSG.create.cityRequired],
    ['location', '', MSG.create.locationRequired],
  ])('answers 400 when the product %s is %j, with the spec message', async (field, value, message) => {
    const before = await postCount();
    const res = await call(t, 'POST', '/api/create-post', owner.cookie, productInput({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, errors: { [field]: message } });
    expect(await postCount()).toBe(before);
  });

  it.each([
    ['name', 121, 'Name must be at most 120 characters'],
    ['paymentMethods', 201, 'Payment methods must be at most 200 characters'],
    ['details', 5001, 'Details must be at most 5000 characters'],
    ['location', 201, 'Location must be at most 200 characters'],
    ['price', 51, 'Price must be at most 50 characters'],
  ])('answers 400 for a %s of %i characters, saying what the limit is', async (field, length, message) => {
    const before = await postCount();
    const value = 'x'.repeat(length);
    const res = await call(t, 'POST', '/api/create-post', owner.cookie, productInput({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, errors: { [field]: message } });
    expect(await postCount()).toBe(before);
  });

  it("answers 400 with 'Rate is required' for a service without a rate", async () => {
    const res = await call(t, 'POST', '/api/create-post', owner.cookie, serviceInput({ rate: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ rate: MSG.create.rateRequired });
  });

  it('reports every failing field at once', async () => {
    const res = await call(t, 'POST', '/api/create-post', owner.cookie, {
      type: 'product',
      sell_or_buy: 'Sell',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: MSG.create.nameRequired,
      category: MSG.create.categoryRequired,
      price: MSG.create.priceRequired,
      paymentMethods: MSG.create.paymentRequired,
      details: MSG.create.detailsRequired,
      city: MSG.create.cityRequired,
      location: MSG.create.locationRequired,
    });
  });

  it('answers 400 for a missing or unknown type and for a bad sell_or_buy', async () => {
    const noType = await call(t, 'POST', '/api/create-post', owner.cookie, productInput({ type: undefined }));
    expect(noType.statusCode).toBe(400);
    expect(noType.json().message).toBe('Type must be product or service.');
    const car = await call(t, 'POST', '/api/create-post', owner.cookie, productInput({ type: 'car' }));
    expect(car.statusCode).toBe(400);
    const side = await call(
      t,
      'POST',
      '/api/create-post',
      owner.cookie,
      productInput({ sell_or_buy: 'Swap' }),
    );
    expect(side.statusCode).toBe(400);
    expect(side.json().errors).toHaveProperty('sell_or_buy');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-post',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.errors.malformedJson });
  });
});
