// Views cannot be inflated: the visitor cookie is signed (a forged one is replaced), and one address
// adds at most a few unique viewers an hour however many fresh cookies it asks for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertPost } from '../../test/post-factory';

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp({}, { ownDatabase: true });
  owner = await createUser(t.app);
});
afterAll(() => t.close());

const view = (postId: number, remoteAddress: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/posts/${postId}/view`,
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });
const uniqueViewers = async (postId: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/posts/${postId}/views` })).json().statistics
    .totalUniqueViewers as number;
const vidOf = (res: Awaited<ReturnType<typeof view>>) => res.cookies.find((c) => c.name === 'vid')?.value;

describe('anonymous viewers', () => {
  it('are not believed when the cookie was not issued here (any 22-64 character value used to be)', async () => {
    const post = await insertPost(t, owner.id);
    const first = await view(post.id, '198.51.100.1');
    const issued = vidOf(first);
    expect(issued).toMatch(/^[\w-]{22}\.[\w-]{22}$/);
    for (const forged of [
      'a'.repeat(30),
      `${'b'.repeat(22)}.${'c'.repeat(22)}`,
      `${issued?.slice(0, 23)}${'d'.repeat(22)}`,
    ]) {
      const res = await view(post.id, '198.51.100.2', `vid=${forged}`);
      expect(vidOf(res)).not.toBe(forged);
    }
    // The issued cookie is recognised: a repeat view is not a new viewer.
    const again = await view(post.id, '198.51.100.1', `vid=${issued}`);
    expect(again.json().isNewView).toBe(false);
    expect(vidOf(again)).toBeUndefined();
  });

  it('from one address add at most 5 unique viewers an hour, while other addresses still count', async () => {
    const post = await insertPost(t, owner.id);
    for (let i = 0; i < 30; i++) expect((await view(post.id, '203.0.113.80')).statusCode).toBe(200);
    expect(await uniqueViewers(post.id)).toBe(6); // 5 issued ids, then the address as one viewer
    expect((await view(post.id, '203.0.113.81')).json().isNewView).toBe(true);
    expect(await uniqueViewers(post.id)).toBe(7);
  });

  it('keep their id across a restart (the signing key is kept in DATA_DIR)', async () => {
    const post = await insertPost(t, owner.id);
    const issued = vidOf(await view(post.id, '198.51.100.9'));
    await t.restart();
    const again = await view(post.id, '198.51.100.9', `vid=${issued}`);
    expect(again.json().isNewView).toBe(false);
    expect(vidOf(again)).toBeUndefined();
  });
});
