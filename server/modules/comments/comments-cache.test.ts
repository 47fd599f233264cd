// A public post's comment pages are cached for FEED_CACHE_MS and shared by every reader who cannot see
// more than a visitor; a comment written through the API shows at once, and a reader who can see a
// kept-back comment (its author, a moderator) is never served the shared page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentDto } from '../../../shared/api-types';
import { comments } from '../../db/schema';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { call } from '../../test/listing-helpers';
import { createModerator, publishViaApi, TRUST_ENV } from '../../test/trust-helpers';

let t: TestApp;
let owner: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  t = await createTestApp(TRUST_ENV);
  owner = await createUser(t.app, { name: 'Post Owner' });
  moderator = await createModerator(t);
});
afterAll(() => t.close());

const contents = async (postId: number, reader?: TestUser) => {
  const res = await call(t, 'GET', `/api/comments/post/${postId}`, reader?.cookie);
  expect(res.statusCode).toBe(200);
  return (res.json().data.comments as CommentDto[]).map((c) => c.content);
};
const comment = async (postId: number, author: TestUser, content: string) => {
  const res = await call(t, 'POST', '/api/comments', author.cookie, { postId, content });
  expect(res.statusCode).toBe(201);
  return res.json().comment as CommentDto;
};

describe('comments cache', () => {
  it('shows a comment written, edited or deleted through the API at once, though the page was cached', async () => {
    const post = await publishViaApi(t, owner);
    const buyer = await createUser(t.app);
    expect(await contents(post.id)).toEqual([]);
    const first = await comment(post.id, buyer, 'Is it still available?');
    expect(await contents(post.id)).toEqual(['Is it still available?']);
    const edited = await call(t, 'PUT', `/api/comments/${first.id}`, buyer.cookie, {
      content: 'Still there?',
    });
    expect(edited.statusCode).toBe(200);
    expect(await contents(post.id)).toEqual(['Still there?']);
    expect((await call(t, 'DELETE', `/api/comments/${first.id}`, buyer.cookie)).statusCode).toBe(200);
    expect(await contents(post.id)).toEqual([]);
  });

  it('serves a comment written outside the API (another instance without Redis) within the TTL', async () => {
    const post = await publishViaApi(t, owner);
    const buyer = await createUser(t.app);
    await comment(post.id, buyer, 'Through the API');
    expect(await contents(post.id)).toEqual(['Through the API']);
    await t.database.db.insert(comments).values({ postId: post.id, userId: buyer.id, content: 'Elsewhere' });
    expect(await contents(post.id)).toEqual(['Through the API']);
    await new Promise((resolve) => setTimeout(resolve, t.app.deps.config.feedCacheMs + 50));
    expect(await contents(post.id)).toEqual(['Elsewhere', 'Through the API']);
  });

  it("gives each reader their own flags from the shared page: the author edits, the post's owner deletes", async () => {
    const post = await publishViaApi(t, owner);
    const buyer = await createUser(t.app);
    const stranger = await createUser(t.app);
    await comment(post.id, buyer, 'Can you deliver to Gweru?');
    const flags = async (reader?: TestUser) => {
      const res = await call(t, 'GET', `/api/comments/post/${post.id}`, reader?.cookie);
      const [only] = res.json().data.comments as CommentDto[];
      return { canEdit: only?.canEdit, canDelete: only?.canDelete };
    };
    expect(await flags()).toEqual({ canEdit: false, canDelete: false });
    expect(await flags(buyer)).toEqual({ canEdit: true, canDelete: true });
    expect(await flags(owner)).toEqual({ canEdit: false, canDelete: true });
    expect(await flags(stranger)).toEqual({ canEdit: false, canDelete: false });
  });

  it('shows a hidden comment to its author and to moderators only, whoever filled the cache first', async () => {
    const post = await publishViaApi(t, owner);
    const spammer = await createUser(t.app);
    const buyer = await createUser(t.app);
    await comment(post.id, buyer, 'Fair price');
    const hidden = await comment(post.id, spammer, 'Pay me on this number first');
    const hide = await call(t, 'POST', `/api/moderation/comments/${hidden.id}/hide`, moderator.cookie, {});
    expect(hide.statusCode).toBe(200);

    expect(await contents(post.id)).toEqual(['Fair price']); // a visitor fills the cache
    expect(await contents(post.id, spammer)).toEqual(['Pay me on this number first', 'Fair price']);
    expect(await contents(post.id, moderator)).toEqual(['Pay me on this number first', 'Fair price']);
    expect(await contents(post.id, buyer)).toEqual(['Fair price']);
    expect(await contents(post.id, owner)).toEqual(['Fair price']);
  });

  it("keeps an unpublished post's comments from everyone but its owner", async () => {
    const post = await publishViaApi(t, owner);
    const buyer = await createUser(t.app);
    await comment(post.id, buyer, 'Before it was withdrawn');
    expect(await contents(post.id)).toEqual(['Before it was withdrawn']);
    const withdrawn = await call(t, 'PUT', '/api/publish-manager', owner.cookie, {
      id: post.id,
      type: 'product',
      isPublished: false,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/comments/post/${post.id}`)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/comments/post/${post.id}`, buyer.cookie)).statusCode).toBe(404);
    expect(await contents(post.id, owner)).toEqual(['Before it was withdrawn']);
  });
});
