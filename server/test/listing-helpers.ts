// Small helpers shared by the listings, images and users API tests.
import type { ItemDto, MyPost } from '../../shared/api-types';
import type { TestApp } from './harness';

export const productInput = (overrides: Record<string, unknown> = {}) => ({
  type: 'product',
  sell_or_buy: 'Sell',
  name: 'Samsung Galaxy A14',
  category: 'Electronics',
  price: '120',
  paymentMethods: 'Cash, EcoCash',
  details: 'Like new, with charger.',
  city: 'Harare',
  location: 'Avondale',
  ...overrides,
});

export const serviceInput = (overrides: Record<string, unknown> = {}) => ({
  type: 'service',
  sell_or_buy: 'Buy',
  name: 'Plumber for a geyser',
  category: 'Home and Kitchen',
  rate: '15',
  paymentMethods: 'USD cash',
  details: 'Need a geyser fitted this week.',
  city: 'Bulawayo',
  location: 'Suburbs',
  ...overrides,
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One API call as a signed-in user (cookie) or a visitor (no cookie). */
export function call(t: TestApp, method: Method, url: string, cookie?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** Creates a post through the API and returns the created item. */
export async function createPostViaApi(t: TestApp, cookie: string, input: Record<string, unknown>) {
  const res = await call(t, 'POST', '/api/create-post', cookie, input);
  if (res.statusCode !== 201) throw new Error(`create-post failed: ${res.statusCode} ${res.body}`);
  return res.json() as ItemDto;
}

/** The owner's posts as the dashboard sees them. */
export async function myPosts(t: TestApp, cookie: string) {
  const res = await call(t, 'GET', '/api/my-created-posts', cookie);
  if (res.statusCode !== 200) throw new Error(`my-created-posts failed: ${res.statusCode} ${res.body}`);
  return res.json().posts as MyPost[];
}
