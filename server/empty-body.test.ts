// An empty body is an empty form, whatever Content-Type the call takes (app.ts): calls whose fields
// are all optional take their defaults, the others name the field that is missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../shared/messages';
import { createUser } from './test/factories';
import { createTestApp, type TestApp } from './test/harness';
import { insertPost } from './test/post-factory';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const seller = await createUser(t.app);
  await insertPost(t, seller.id, { type: 'product', name: 'Newest product' });
  await insertPost(t, seller.id, { type: 'service', name: 'Newest service' });
});
afterAll(() => t.close());

const CONTENT_TYPES = [undefined, 'application/json', 'application/x-www-form-urlencoded'];
const post = (url: string, contentType: string | undefined) =>
  t.app.inject({ method: 'POST', url, headers: contentType ? { 'content-type': contentType } : {} });

describe('an empty body', () => {
  it.each(CONTENT_TYPES)(
    'starts the rolling feeds from the newest (content type %s)',
    async (contentType) => {
      const products = await post('/api/rolling-feed-products', contentType);
      expect(products.statusCode).toBe(200);
      expect(products.json()).toMatchObject({ posts: [{ name: 'Newest product' }], productCursor: null });
      const services = await post('/api/rolling-feed-services', contentType);
      expect(services.statusCode).toBe(200);
      expect(services.json()).toMatchObject({ posts: [{ name: 'Newest service' }], serviceCursor: null });
    },
  );

  // A sign-in is no form call: a form content type is a 415 there (server/form-bodies.test.ts).
  it.each(CONTENT_TYPES.slice(0, 2))(
    'names the missing fields of a sign-in (content type %s)',
    async (contentType) => {
      const res = await post('/api/login', contentType);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: MSG.login.invalidEmail,
        errors: { email: MSG.login.invalidEmail, password: MSG.login.passwordRequired },
      });
    },
  );

  it('is still different from a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.errors.malformedJson });
  });
});
