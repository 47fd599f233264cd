// New-account ceilings, copy-paste holds and scam warnings through the real calls (issue 11).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostDetail, PostWrapper, RollingFeedItem } from '../../../shared/api-types';
import { MSG } from '../../../shared/messages';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { call, createPostViaApi, myPosts, productInput } from '../../test/listing-helpers';
import { insertPost } from '../../test/post-factory';
import { DAY_MS, TestClock } from '../../test/test-clock';
import {
  createModerator,
  createUsers,
  publiclyVisible,
  publishViaApi,
  TRUST_ENV,
} from '../../test/trust-helpers';

const clock = new TestClock();
let t: TestApp;
let moderator: TestUser;

beforeAll(async () => {
  // The per-hour limits are raised so that these tests meet the first-day ceilings, not them.
  t = await createTestApp({ ...TRUST_ENV, POSTS_PER_HOUR: '1000', COMMENTS_PER_HOUR: '1000' }, { clock });
  moderator = await createModerator(t);
});
afterAll(() => t.close());

describe('a new account in its first 24 hours', () => {
  it('creates at most 10 posts; the 11th is a clear 429, and a day later it may go on', async () => {
    const newcomer = await createUser(t.app, { name: 'Newcomer' });
    for (let i = 0; i < 10; i += 1)
      await createPostViaApi(t, newcomer.cookie, productInput({ name: `Item ${i}` }));
    const eleventh = await call(
      t,
      'POST',
      '/api/create-post',
      newcomer.cookie,
      productInput({ name: 'Item 11' }),
    );
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe(MSG.moderation.newAccountPosts(10, '24 hours'));
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect((await myPosts(t, newcomer.cookie)).length).toBe(10);

    clock.advance(DAY_MS + 60_000);
    try {
      expect((await call(t, 'POST', '/api/create-post', newcomer.cookie, productInput())).statusCode).toBe(
        201,
      );
    } finally {
      clock.advance(-(DAY_MS + 60_000));
    }
  });

  it('writes at most 30 comments; the 31st is a 429', async () => {
    const owner = await createUser(t.app, { name: 'Owner' });
    const posts = await Promise.all([0, 1, 2].map(() => insertPost(t, owner.id)));
    const newcomer = await createUser(t.app, { name: 'Chatty newcomer' });
    for (let i = 0; i < 30; i += 1) {
      const res = await call(t, 'POST', '/api/comments', newcomer.cookie, {
        postId: (posts[i % 3] as { id: number }).id,
        content: `Comment ${i}`,
      });
      expect(res.statusCode).toBe(201);
    }
    const res = await call(t, 'POST', '/api/comments', newcomer.cookie, {
      postId: posts[0]?.id,
      content: 'One more',
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(MSG.moderation.newAccountComments(30, '24 hours'));
  });

  it('follows LIMITS_MULTIPLIER like every other limit', async () => {
    const scaled = await createTestApp({ ...TRUST_ENV, LIMITS_MULTIPLIER: '0.2' });
    try {
      const newcomer = await createUser(scaled.app);
      for (let i = 0; i < 2; i += 1) await createPostViaApi(scaled, newcomer.cookie, productInput());
      expect(
        (await call(scaled, 'POST', '/api/create-post', newcomer.cookie, productInput())).statusCode,
      ).toBe(429);
    } finally {
      await scaled.close();
    }
  });
});

describe('copy-paste spam', () => {
  const text = { name: 'Brand new Samsung A54 128GB', details: 'Sealed in box, 1 year warranty. Call now!' };

  it('holds the third and later accounts publishing the same text within 24 hours', async () => {
    const accounts = await createUsers(t, 4, 'Copy');
    const variants = [
      text,
      { name: 'brand NEW samsung a54 128gb', details: 'Sealed in box - 1 year warranty.  Call now' },
      { name: 'Brand new Samsung A54, 128GB!', details: 'sealed in box, 1 year warranty, call now' },
      text,
    ];
    const items = [];
    for (const [i, account] of accounts.entries()) items.push(await publishViaApi(t, account, variants[i]));
    expect(items.map((item) => item.moderation)).toEqual(['visible', 'visible', 'held', 'held']);
    const visible = await Promise.all(items.map((item) => publiclyVisible(t, item.id)));
    expect(visible).toEqual([true, true, false, false]);
    const held = (await myPosts(t, (accounts[2] as TestUser).cookie))[0] as PostWrapper;
    expect(held.Product?.moderation).toBe('held');

    // The first accounts can take their own post down and put it back: they came first.
    const first = accounts[0] as TestUser;
    const firstItem = items[0] as { id: number; type: string };
    await call(t, 'PUT', '/api/publish-manager', first.cookie, { ...firstItem, isPublished: false });
    const back = await call(t, 'PUT', '/api/publish-manager', first.cookie, {
      ...firstItem,
      isPublished: true,
    });
    expect(back.json().moderation).toBe('visible');

    // A moderator approves a held copy with restore; it then stays approved.
    const heldId = (items[2] as { id: number }).id;
    expect(
      (await call(t, 'POST', `/api/moderation/posts/${heldId}/restore`, moderator.cookie)).statusCode,
    ).toBe(200);
    expect(await publiclyVisible(t, heldId)).toBe(true);
  });

  it('does not hold the same account posting its own text twice, nor copies a day apart', async () => {
    const [a, b, c] = (await createUsers(t, 3, 'Spaced')) as [TestUser, TestUser, TestUser];
    const own = { name: 'Maize seed 10kg', details: 'Pannar seed, Chinhoyi.' };
    expect((await publishViaApi(t, a, own)).moderation).toBe('visible');
    expect((await publishViaApi(t, a, own)).moderation).toBe('visible');
    expect((await publishViaApi(t, b, own)).moderation).toBe('visible');
    clock.advance(DAY_MS + 60_000);
    try {
      expect((await publishViaApi(t, c, own)).moderation).toBe('visible');
    } finally {
      clock.advance(-(DAY_MS + 60_000));
    }
  });

  it('counts concurrent publishes one after another', async () => {
    // On the real clock: each publish happens at its own moment, as in production.
    const live = await createTestApp(TRUST_ENV);
    try {
      const accounts = await createUsers(live, 5, 'Race');
      const same = { name: 'Solar batteries wholesale', details: 'Lithium 200Ah, best price in town' };
      const drafts = await Promise.all(
        accounts.map((a) => createPostViaApi(live, a.cookie, productInput(same))),
      );
      const answers = await Promise.all(
        drafts.map((d, i) =>
          call(live, 'PUT', '/api/publish-post', (accounts[i] as TestUser).cookie, {
            id: d.id,
            type: d.type,
          }),
        ),
      );
      const states = answers.map((a) => a.json().moderation as string);
      expect(states.filter((s) => s === 'visible')).toHaveLength(2);
      expect(states.filter((s) => s === 'held')).toHaveLength(3);
    } finally {
      await live.close();
    }
  });
});

describe('scam warnings', () => {
  it('carry a caution on a warned post in the detail, the feeds and the owner dashboard; none on an ordinary one', async () => {
    const seller = await createUser(t.app, { name: 'Warned seller' });
    const scam = await publishViaApi(t, seller, {
      name: 'Toyota Aqua 2015',
      details: 'I am abroad. Pay a reservation fee via Western Union and the car will be shipped to you.',
    });
    const honest = await publishViaApi(t, seller, {
      name: 'Room to rent in Avondale',
      details: 'Rent US$150 a month, one month deposit. EcoCash or InnBucks. Call 0772 123 456.',
    });
    const detail = (await call(t, 'GET', `/api/posts/${scam.id}`)).json() as PostDetail;
    expect(detail.safetyWarning).toContain(MSG.safety.neverPayFirst);
    expect((await call(t, 'GET', `/api/posts/${honest.id}`)).json().safetyWarning).toBeNull();
    const list = (await call(t, 'GET', '/api/posts')).json().posts as PostWrapper[];
    expect(list.find((p) => p.id === scam.id)?.safetyWarning).toBe(detail.safetyWarning);
    const rolling = (await call(t, 'GET', '/api/first-payload')).json().posts as RollingFeedItem[];
    expect(rolling.find((p) => p.id === scam.id)?.safetyWarning).toBe(detail.safetyWarning);
    expect(rolling.find((p) => p.id === honest.id)?.safetyWarning).toBeNull();
    // Warned posts stay visible (a warning is not a verdict) and wait in the moderation queue.
    const queue = (await call(t, 'GET', '/api/moderation/queue', moderator.cookie)).json().items;
    expect(queue.some((i: { id: number }) => i.id === scam.id)).toBe(true);
    expect(queue.some((i: { id: number }) => i.id === honest.id)).toBe(false);
  });

  it('carry one on a warned comment, also after an edit', async () => {
    const seller = await createUser(t.app, { name: 'Seller' });
    const buyer = await createUser(t.app, { name: 'Buyer' });
    const post = await insertPost(t, seller.id);
    const scam = await call(t, 'POST', '/api/comments', buyer.cookie, {
      postId: post.id,
      content: 'Still available? Send a deposit to +234 803 555 0199 to reserve it',
    });
    expect(scam.json().comment.safetyWarning).toContain(MSG.safety.neverPayFirst);
    const honest = await call(t, 'POST', '/api/comments', buyer.cookie, {
      postId: post.id,
      content: 'Ndinoda, ndiri kuHarare',
    });
    expect(honest.json().comment.safetyWarning).toBeNull();
    const edited = await call(t, 'PUT', `/api/comments/${honest.json().comment.id}`, buyer.cookie, {
      content: 'Pay with iTunes gift cards please',
    });
    expect(edited.json().comment.safetyWarning).toContain(MSG.safety.neverPayFirst);
    const list = (await call(t, 'GET', `/api/comments/post/${post.id}`)).json().data.comments;
    expect(list.every((c: { safetyWarning: string | null }) => c.safetyWarning !== null)).toBe(true);
  });
});

describe('copy-paste rings that try to slip through', () => {
  it('are held when they publish and unpublish one after another, then republish in reverse order', async () => {
    const ring = await createUsers(t, 5, 'Toggle ring');
    const ad = { name: 'Hisense TV 55 inch', details: 'Brand new in box, free delivery' };
    const drafts = [];
    for (const account of ring) {
      const item = await publishViaApi(t, account, ad);
      drafts.push(item);
      await call(t, 'PUT', '/api/publish-manager', account.cookie, {
        id: item.id,
        type: item.type,
        isPublished: false,
      });
    }
    const states = [];
    for (const [i, item] of [...drafts.entries()].reverse()) {
      const res = await call(t, 'PUT', '/api/publish-manager', (ring[i] as TestUser).cookie, {
        id: item.id,
        type: item.type,
        isPublished: true,
      });
      states.push(res.json().moderation);
    }
    expect(states.filter((s) => s === 'visible')).toHaveLength(2);
  });

  it('are held when the copies differ only by invisible characters or look-alike letters', async () => {
    const ring = await createUsers(t, 3, 'Invisible ring');
    const texts = [
      'Cheap Nokia phones wholesale',
      'Cheap\u200b Nokia phones wholesale',
      'Cheap Nоkia phоnes wholesale',
    ];
    const states = [];
    for (const [i, account] of ring.entries())
      states.push(
        (await publishViaApi(t, account, { name: texts[i], details: 'Call for prices' })).moderation,
      );
    expect(states).toEqual(['visible', 'visible', 'held']);
  });

  it('are held when an old post is edited into the copied text and republished', async () => {
    const [a, b, old] = (await createUsers(t, 3, 'Primed')) as [TestUser, TestUser, TestUser];
    const primed = await publishViaApi(t, old, { name: 'Garden chairs', details: 'Set of four' });
    clock.advance(DAY_MS + 60_000);
    try {
      const ad = { name: 'Laptop HP EliteBook', details: 'i7, 16GB, 512GB SSD' };
      await publishViaApi(t, a, ad);
      await publishViaApi(t, b, ad);
      await call(t, 'PUT', '/api/publish-manager', old.cookie, {
        id: primed.id,
        type: primed.type,
        isPublished: false,
      });
      const edited = await call(t, 'PUT', '/api/edit-post', old.cookie, {
        ...productInput(ad),
        id: primed.id,
      });
      expect(edited.statusCode).toBe(200);
      clock.advance(1000);
      const back = await call(t, 'PUT', '/api/publish-manager', old.cookie, {
        id: primed.id,
        type: primed.type,
        isPublished: true,
      });
      expect(back.json().moderation).toBe('held');
    } finally {
      clock.advance(-(DAY_MS + 61_000));
    }
  });
});
