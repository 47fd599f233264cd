import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { call, createPostViaApi, myPosts, productInput, serviceInput } from '../../test/listing-helpers';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp({ NEW_ACCOUNT_POSTS_PER_DAY: '1000' });
  owner = await createUser(t.app);
  other = await createUser(t.app);
});
afterAll(() => t.close());

/** The owner's post as the dashboard shows it (the read-back after every refused call). */
async function ownersView(postId: number) {
  const post = (await myPosts(t, owner.cookie)).find((p) => p.id === postId);
  if (!post) throw new Error(`post ${postId} missing from the owner's dashboard`);
  return post;
}

describe('PUT /api/edit-post', () => {
  it('lets the owner change every field while unpublished', async () => {
    const item = await createPostViaApi(t, owner.cookie, productInput());
    const edited = productInput({
      id: item.id,
      name: 'Galaxy A15',
      price: '140',
      city: 'Mutare',
      sell_or_buy: 'Buy',
    });
    const res = await call(t, 'PUT', '/api/edit-post', owner.cookie, { ...edited, userId: owner.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: item.id, postId: item.id, name: 'Galaxy A15', price: '140' });
    expect((await ownersView(item.id)).Product).toMatchObject({
      name: 'Galaxy A15',
      city: 'Mutare',
      sell_or_buy: 'Buy',
    });
  });

  it('edits a service through rate', async () => {
    const item = await createPostViaApi(t, owner.cookie, serviceInput());
    const res = await call(
      t,
      'PUT',
      '/api/edit-post',
      owner.cookie,
      serviceInput({ id: item.id, rate: '20/hour' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'service', rate: '20/hour' });
  });

  it('answers 404 to another user for an unpublished post (it does not exist for them), and changes nothing', async () => {
    const item = await createPostViaApi(t, owner.cookie, productInput());
    const res = await call(
      t,
      'PUT',
      '/api/edit-post',
      other.cookie,
      productInput({ id: item.id, name: 'Mine now' }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MSG.postDetail.notFound });
    // The same answer as for the wrong type: nothing tells the draft's type either.
    const wrongType = await call(t, 'PUT', '/api/edit-post', other.cookie, serviceInput({ id: item.id }));
    expect(wrongType.json()).toEqual(res.json());
    expect((await ownersView(item.id)).Product?.name).toBe('Samsung Galaxy A14');
    const claimed = await call(t, 'PUT', '/api/edit-post', other.cookie, {
      ...productInput({ id: item.id, name: 'Mine now' }),
      userId: owner.id,
    });
    expect(claimed.statusCode).toBe(403);
    expect((await ownersView(item.id)).Product?.name).toBe('Samsung Galaxy A14');
  });

  it('answers 403 to another user for a published post', async () => {
    const item = await createPostViaApi(t, owner.cookie, productInput());
    const body = { id: item.id, type: 'product', isPublished: true };
    expect((await call(t, 'PUT', '/api/publish-post', owner.cookie, body)).statusCode).toBe(200);
    const res = await call(
      t,
      'PUT',
      '/api/edit-post',
      other.cookie,
      productInput({ id: item.id, name: 'Mine' }),
    );
    expect(res.statusCode).toBe(403);
    expect((await ownersView(item.id)).Product?.name).toBe('Samsung Galaxy A14');
  });

  it('answers 401 to a visitor', async () => {
    const item = await createPostViaApi(t, owner.cookie, productInput());
    const res = await call(t, 'PUT', '/api/edit-post', undefined, productInput({ id: item.id }));
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 for an unknown post or the wrong type', async () => {
    const item = await createPostViaApi(t, owner.cookie, productInput());
    const unknown = await call(t, 'PUT', '/api/edit-post', owner.cookie, productInput({ id: 999_999 }));
    expect(unknown.statusCode).toBe(404);
    const wrongType = await call(t, 'PUT', '/api/edit-post', owner.cookie, serviceInput({ id: item.id }));
    expect(wrongType.statusCode).toBe(404);
    expect((await ownersView(item.id)).Product?.name).toBe('Samsung Galaxy A14');
  });

  it('answers 400 with the spec message for a blank field, and for a bad id', async () => {
    const item = await createPostViaApi(t, owner.cookie, productInput());
    const blank = await call(
      t,
      'PUT',
      '/api/edit-post',
      owner.cookie,
      productInput({ id: item.id, details: ' ' }),
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ details: MSG.create.detailsRequired });
    expect((await ownersView(item.id)).Product?.details).toBe('Like new, with charger.');
    for (const id of [undefined, 'abc', -1, 1.5, 3_000_000_000]) {
      const res = await call(t, 'PUT', '/api/edit-post', owner.cookie, productInput({ id }));
      expect(res.statusCode, `id ${id}`).toBe(400);
      expect(res.json().errors).toEqual({ id: 'Invalid post ID' });
    }
  });
});

describe('PUT /api/publish-post', () => {
  it('publishes the owner’s post and stamps publishedAt; the spec’s extra fields are ignored', async () => {
    const item = await createPostViaApi(t, owner.cookie, productInput());
    const res = await call(t, 'PUT', '/api/publish-post', owner.cookie, {
      ...item,
      name: 'ignored',
      isPublished: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: item.id, isPublished: true, name: 'Samsung Galaxy A14' });
    const post = await ownersView(item.id);
    expect(post.Product?.isPublished).toBe(true);
    expect(Date.parse(post.publishedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps the first publishedAt when published twice', async () => {
    const item = await createPostViaApi(t, owner.cookie, productInput());
    await call(t, 'PUT', '/api/publish-post', owner.cookie, { id: item.id, type: 'product' });
    const first = (await ownersView(item.id)).publishedAt;
    const again = await call(t, 'PUT', '/api/publish-post', owner.cookie, { id: item.id, type: 'product' });
    expect(again.statusCode).toBe(200);
    expect((await ownersView(item.id)).publishedAt).toBe(first);
  });

  it("answers 404 to another user (someone else's draft), 401 to a visitor, 404 for an unknown post; nothing changes", async () => {
    const item = await createPostViaApi(t, owner.cookie, productInput());
    const body = { id: item.id, type: 'product', isPublished: true };
    expect((await call(t, 'PUT', '/api/publish-post', other.cookie, body)).statusCode).toBe(404);
    const manager = await call(t, 'PUT', '/api/publish-manager', other.cookie, body);
    expect(manager.statusCode).toBe(404);
    expect(manager.json()).toEqual({ message: MSG.postDetail.notFound });
    expect((await call(t, 'PUT', '/api/publish-post', undefined, body)).statusCode).toBe(401);
    const unknown = await call(t, 'PUT', '/api/publish-post', owner.cookie, { ...body, id: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect((await ownersView(item.id)).Product?.isPublished).toBe(false);
  });

  it('answers 400 for isPublished false or a missing type', async () => {
    const item = await createPostViaApi(t, owner.cookie, productInput());
    const off = await call(t, 'PUT', '/api/publish-post', owner.cookie, {
      id: item.id,
      type: 'product',
      isPublished: false,
    });
    expect(off.statusCode).toBe(400);
    const noType = await call(t, 'PUT', '/api/publish-post', owner.cookie, { id: item.id });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().errors).toEqual({ type: 'Type must be product or service.' });
    expect((await ownersView(item.id)).Product?.isPublished).toBe(false);
  });
});

describe('PUT /api/publish-manager', () => {
  it('toggles published and unpublished for the owner', async () => {
    const item = await createPostViaApi(t, owner.cookie, serviceInput());
    const on = await call(t, 'PUT', '/api/publish-manager', owner.cookie, { ...item, isPublished: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ id: item.id, type: 'service', isPublished: true });
    expect((await ownersView(item.id)).publishedAt).not.toBeNull();

    const off = await call(t, 'PUT', '/api/publish-manager', owner.cookie, { ...item, isPublished: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().isPublished).toBe(false);
    const post = await ownersView(item.id);
    expect(post.Service?.isPublished).toBe(false);
    expect(post.publishedAt).toBeNull();
  });

  it('answers 403 to another user and leaves the state as it was', async () => {
    const item = await createPostViaApi(t, owner.cookie, productInput());
    await call(t, 'PUT', '/api/publish-manager', owner.cookie, {
      id: item.id,
      type: 'product',
      isPublished: true,
    });
    const res = await call(t, 'PUT', '/api/publish-manager', other.cookie, {
      id: item.id,
      type: 'product',
      isPublished: false,
    });
    expect(res.statusCode).toBe(403);
    expect((await ownersView(item.id)).Product?.isPublished).toBe(true);
  });

  it('answers 400 without isPublished and 401 to a visitor', async () => {
    const item = await createPostViaApi(t, owner.cookie, productInput());
    const missing = await call(t, 'PUT', '/api/publish-manager', owner.cookie, {
      id: item.id,
      type: 'product',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ isPublished: 'isPublished must be true or false.' });
    const visitor = await call(t, 'PUT', '/api/publish-manager', undefined, {
      id: item.id,
      type: 'product',
      isPublished: true,
    });
    expect(visitor.statusCode).toBe(401);
    expect((await ownersView(item.id)).Product?.isPublished).toBe(false);
  });
});
