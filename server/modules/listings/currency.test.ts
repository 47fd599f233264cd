// Two currencies (issue 14): create-post and edit-post take `currency` ('USD' by default, 'ZiG'), every
// post shape carries it, and /api/posts filters by it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories';
import { clearFeedCache, rollingCall } from '../../test/feed-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { call, createPostViaApi, myPosts, productInput, serviceInput } from '../../test/listing-helpers';

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, { name: 'Currency Seller' });
});
afterAll(() => t.close());

const publish = async (item: { id: number; type: string }) => {
  const res = await call(t, 'PUT', '/api/publish-post', owner.cookie, { id: item.id, type: item.type });
  expect(res.statusCode, res.body).toBe(200);
};

describe('currency', () => {
  it('is US dollars unless ZiG is chosen; anything else is refused', async () => {
    const usd = await createPostViaApi(t, owner.cookie, productInput({ name: 'Dollar kettle' }));
    expect(usd.currency).toBe('USD');
    const zig = await createPostViaApi(
      t,
      owner.cookie,
      serviceInput({ name: 'ZiG haircut', currency: 'ZiG' }),
    );
    expect(zig.currency).toBe('ZiG');
    for (const currency of ['EUR', 'zig', '', 1, null]) {
      const res = await call(t, 'POST', '/api/create-post', owner.cookie, productInput({ currency }));
      expect(res.statusCode, String(currency)).toBe(400);
      expect(res.json().errors.currency).toBe('Currency must be USD or ZiG');
    }
  });

  it('an edit without a currency keeps it; an edit with one changes it', async () => {
    const item = await createPostViaApi(t, owner.cookie, productInput({ name: 'ZiG sofa', currency: 'ZiG' }));
    const edit = (extra: Record<string, unknown>) =>
      call(
        t,
        'PUT',
        '/api/edit-post',
        owner.cookie,
        productInput({ id: item.id, name: 'ZiG sofa', ...extra }),
      );
    expect((await edit({})).json().currency).toBe('ZiG');
    expect((await edit({ currency: 'USD' })).json().currency).toBe('USD');
    expect((await edit({ currency: 'GBP' })).statusCode).toBe(400);
  });

  it('every post shape carries it, and /api/posts filters by it', async () => {
    const zig = await createPostViaApi(
      t,
      owner.cookie,
      productInput({ name: 'Maize meal currencyfilter', currency: 'ZiG', price: '650' }),
    );
    const usd = await createPostViaApi(
      t,
      owner.cookie,
      productInput({ name: 'Rice currencyfilter', price: '25' }),
    );
    await publish(zig);
    await publish(usd);
    clearFeedCache(t);

    const detail = (await call(t, 'GET', `/api/posts/${zig.id}`)).json();
    expect(detail.Product.currency).toBe('ZiG');
    const mine = await myPosts(t, owner.cookie);
    expect(mine.find((p) => p.id === zig.id)?.Product?.currency).toBe('ZiG');
    const rolling = (await rollingCall(t, 'products')).json().posts as Array<{
      postId: number;
      currency: string;
    }>;
    expect(rolling.find((p) => p.postId === zig.id)?.currency).toBe('ZiG');

    const names = async (query: string) =>
      (
        (await call(t, 'GET', `/api/posts?search=currencyfilter${query}`)).json().posts as Array<{
          Product: { name: string; currency: string };
        }>
      ).map((p) => `${p.Product.name} ${p.Product.currency}`);
    expect(await names('')).toEqual(['Rice currencyfilter USD', 'Maize meal currencyfilter ZiG']);
    expect(await names('&currency=ZiG')).toEqual(['Maize meal currencyfilter ZiG']);
    expect(await names('&currency=USD')).toEqual(['Rice currencyfilter USD']);
    expect((await call(t, 'GET', '/api/posts?currency=EUR')).statusCode).toBe(400);
  });
});
