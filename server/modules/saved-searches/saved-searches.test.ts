// Saved searches (issue 33) through the API on the real database: saving (fields, label, the rules of
// /home's filter, at most 20), the new counts and opening one, deleting; and matching new posts the
// way /home searches (word forms, spellings, synonyms, prefixes, every word, filters), never held or
// hidden posts, one's own, or a blocked person's; one notification per saved search, its count adding
// up; and the check running on its own within SAVED_SEARCH_CHECK_SECONDS.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { posts } from '../../db/schema';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertPost, type PostOverrides } from '../../test/post-factory';
import { DAY_MS, TestClock } from '../../test/test-clock';
import { checkSavedSearches } from './matching';

let t: TestApp;
const clock = new TestClock(new Date('2026-11-28T08:00:00Z'));
beforeAll(async () => {
  t = await createTestApp(
    { SIGNUPS_PER_IP: '1000', LIMITS_MULTIPLIER: '10', POST_EXPIRY_DAYS: '60' },
    { clock },
  );
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const api = (method: Method, url: string, user?: TestUser, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: user ? { cookie: user.cookie } : {},
    ...(payload ? { payload } : {}),
  });
const save = (user: TestUser, fields: object) => api('POST', '/api/saved-searches', user, fields);
const mine = async (user: TestUser) =>
  (await api('GET', '/api/saved-searches', user)).json().savedSearches as {
    id: number;
    label: string;
    newCount: number;
  }[];
const notes = async (user: TestUser) =>
  (
    (await api('GET', '/api/notifications', user)).json().notifications as {
      kind: string;
      text: string;
      link: string;
      count: number;
    }[]
  ).filter((n) => n.kind === 'saved-search');

/** A post listed now by `seller` (a minute later than the last, so the check sees it as new). */
async function list(seller: TestUser, overrides: PostOverrides) {
  clock.advance(60_000);
  return insertPost(t, seller.id, { publishedAt: clock.now(), ...overrides });
}
const check = () => checkSavedSearches(t.app.deps);

describe('POST /api/saved-searches', () => {
  it('saves the /home fields that are set, with a label and no new posts yet', async () => {
    const user = await createUser(t.app);
    const res = await save(user, { search: '  honda   fit ', city: 'Bulawayo', type: '', category: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      search: 'honda fit',
      type: null,
      category: null,
      city: 'Bulawayo',
      sell_or_buy: null,
      currency: null,
      label: '"honda fit" in Bulawayo',
      newCount: 0,
      createdAt: clock.now().toISOString(),
    });
    // The same search again is the one kept.
    expect((await save(user, { search: 'honda fit', city: 'Bulawayo' })).json().id).toBe(res.json().id);
    const filterOnly = await save(user, { category: 'Automotive', sell_or_buy: 'Sell', city: 'Harare' });
    expect(filterOnly.json().label).toBe('Automotive for sale in Harare');
    expect((await mine(user)).map((s) => s.label)).toEqual([
      'Automotive for sale in Harare',
      '"honda fit" in Bulawayo',
    ]);
  });

  it('refuses what /home refuses, and nothing set at all, with 400s that change nothing', async () => {
    const user = await createUser(t.app);
    const cases: [object, string][] = [
      [{}, MSG.savedSearches.needsFilter],
      [{ search: '   ', city: '' }, MSG.savedSearches.needsFilter],
      [{ search: 'tv' }, MSG.feed.searchTooShort],
      [{ search: 'x'.repeat(201) }, MSG.errors.invalidInput],
    ];
    for (const [body, message] of cases) {
      const res = await save(user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    expect((await save(user, { city: 'Atlantis' })).statusCode).toBe(400);
    expect(await mine(user)).toEqual([]);
    expect((await api('POST', '/api/saved-searches', undefined, { search: 'fridge' })).statusCode).toBe(401);
  });

  it("keeps at most 20 per person: the 21st is a 409 'You can save up to 20 searches.', even in parallel", async () => {
    const user = await createUser(t.app);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => save(user, { search: `item number${i + 1}` })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(20);
    expect(codes.filter((c) => c === 409)).toHaveLength(4);
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe('You can save up to 20 searches.');
    expect(await mine(user)).toHaveLength(20);
  });
});

describe('matching new posts', () => {
  it('finds what /home finds: word forms, spellings, synonyms, prefixes, every word, the filters', async () => {
    const buyer = await createUser(t.app, { name: 'Searching Buyer' });
    const seller = await createUser(t.app, { name: 'Busy Seller' });
    const ids: Record<string, number> = {};
    for (const [key, fields] of Object.entries({
      tyres: { search: 'tyres' },
      tire: { search: 'tire' },
      refrigerator: { search: 'refrigerator', city: 'Harare' },
      prefix: { search: 'gene' },
      hondaFit: { search: 'honda fit', city: 'Bulawayo' },
      cheapUsd: { category: 'Automotive', currency: 'USD' },
    })) {
      ids[key] = (await save(buyer, fields)).json().id;
    }
    await check(); // the mark starts now
    const matched = async (overrides: PostOverrides) => {
      const post = await list(seller, overrides);
      await check();
      const { rows } = (await t.database.db.execute(
        `select s.id from saved_search_hits h join saved_searches s on s.id = h.saved_search_id where h.post_id = ${post.id}`,
      )) as unknown as { rows: { id: number }[] };
      const byId = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
      return rows.flatMap((r) => byId[r.id] ?? []).sort();
    };
    expect(
      await matched({ name: 'Tyre 15 inch, almost new', category: 'Automotive', city: 'Mutare' }),
    ).toEqual(['cheapUsd', 'tire', 'tyres']);
    expect(await matched({ name: 'Hisense fridge 300L', city: 'Harare' })).toEqual(['refrigerator']);
    expect(await matched({ name: 'Hisense fridge 300L', city: 'Gweru' })).toEqual([]);
    expect(await matched({ name: 'Generators for hire', details: 'Petrol, 5kVA' })).toEqual(['prefix']);
    expect(
      await matched({ name: 'Honda Civic 2008', city: 'Bulawayo', category: 'Automotive', currency: 'ZiG' }),
    ).toEqual([]);
    expect(await matched({ name: 'Honda Fit RS', city: 'Bulawayo', category: 'Automotive' })).toEqual([
      'cheapUsd',
      'hondaFit',
    ]);
  });

  it('never matches held or hidden posts, drafts, one’s own posts or a blocked person’s', async () => {
    const buyer = await createUser(t.app);
    const seller = await createUser(t.app);
    await save(buyer, { search: 'wardrobe' });
    await check();
    const held = await list(seller, { name: 'Oak wardrobe' });
    await t.database.db.update(posts).set({ moderation: 'held' }).where(eq(posts.id, held.id));
    const hidden = await list(seller, { name: 'Pine wardrobe' });
    await t.database.db.update(posts).set({ moderation: 'removed' }).where(eq(posts.id, hidden.id));
    await list(seller, { name: 'Draft wardrobe', isPublished: false, publishedAt: null });
    await list(buyer, { name: 'My own wardrobe' });
    const blocked = await createUser(t.app);
    await api('PUT', `/api/blocks/${blocked.id}`, buyer);
    await list(blocked, { name: 'Blocked wardrobe' });
    await check();
    expect(await notes(buyer)).toEqual([]);
    expect((await mine(buyer))[0]?.newCount).toBe(0);
  });

  it("raises one notification per saved search, adding up while unread: '3 new posts match …'", async () => {
    const buyer = await createUser(t.app);
    const seller = await createUser(t.app);
    const saved = (await save(buyer, { search: 'honda fit', city: 'Bulawayo' })).json();
    await check();
    const first = await list(seller, { name: 'Honda Fit 2012', city: 'Bulawayo' });
    await check();
    expect(await notes(buyer)).toEqual([
      expect.objectContaining({
        text: '1 new post matches "honda fit" in Bulawayo',
        count: 1,
        link: `/posts/${first.id}`, // one new post opens it
      }),
    ]);
    await list(seller, { name: 'Honda Fit hybrid', city: 'Bulawayo' });
    await list(seller, { name: 'Honda Fit for sale', city: 'Bulawayo' });
    await check();
    await check(); // a second look at the same posts adds nothing
    expect((await notes(buyer)).map((n) => [n.text, n.count, n.link])).toEqual([
      ['3 new posts match "honda fit" in Bulawayo', 3, '/home?search=honda+fit&city=Bulawayo'],
    ]);
    expect((await mine(buyer))[0]?.newCount).toBe(3);
    // Read, the next match starts the count again; opening the search sets its new count to 0.
    await api('POST', '/api/notifications/read', buyer);
    const opened = await api('POST', `/api/saved-searches/${saved.id}/seen`, buyer);
    expect(opened.json()).toMatchObject({ id: saved.id, newCount: 0 });
    await list(seller, { name: 'Honda Fit 2015', city: 'Bulawayo' });
    await check();
    expect((await notes(buyer)).map((n) => n.text)).toEqual(['1 new post matches "honda fit" in Bulawayo']);
    expect((await mine(buyer))[0]?.newCount).toBe(1);
    // A renewal lists a post again: new again.
    clock.advance(DAY_MS);
    await t.database.db.update(posts).set({ publishedAt: clock.now() }).where(eq(posts.id, first.id));
    await check();
    expect((await mine(buyer))[0]?.newCount).toBe(2);
  });
});

describe('the rest of the calls', () => {
  it('opens and deletes only one’s own searches (404 for anyone else’s)', async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const { id } = (await save(owner, { search: 'solar panel' })).json();
    expect((await api('POST', `/api/saved-searches/${id}/seen`, other)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/saved-searches/${id}`, other)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/saved-searches/abc`, owner)).statusCode).toBe(400);
    expect((await api('DELETE', `/api/saved-searches/${id}`, owner)).json()).toEqual({ id, deleted: true });
    expect((await api('DELETE', `/api/saved-searches/${id}`, owner)).statusCode).toBe(404);
    expect(await mine(owner)).toEqual([]);
  });
});

describe("a person's data", () => {
  it('exports their saved searches, notifications and mail settings, and forgets them with the account', async () => {
    const buyer = await createUser(t.app);
    const seller = await createUser(t.app);
    await save(buyer, { search: 'kitchen unit' });
    await api('PUT', '/api/notification-settings', buyer, { email: { listings: false } });
    await check();
    await list(seller, { name: 'Kitchen unit, white' });
    await check();
    const exported = (await api('GET', '/api/account/export', buyer)).json();
    expect(exported.savedSearches).toEqual([
      expect.objectContaining({ search: 'kitchen unit', label: '"kitchen unit"' }),
    ]);
    expect(exported.notifications).toEqual([
      expect.objectContaining({ kind: 'saved-search', text: '1 new post matches "kitchen unit"' }),
    ]);
    expect(exported.notificationSettings.email).toMatchObject({ listings: false, comments: true });
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: buyer.cookie },
      payload: { password: buyer.password },
    });
    expect(gone.statusCode).toBe(200);
    const left = (await t.database.db.execute(
      `select (select count(*) from saved_searches where user_id = ${buyer.id})::int as searches,
              (select count(*) from notifications where user_id = ${buyer.id})::int as notes,
              (select count(*) from notification_settings where user_id = ${buyer.id})::int as settings`,
    )) as unknown as { rows: { searches: number; notes: number; settings: number }[] };
    expect(left.rows[0]).toEqual({ searches: 0, notes: 0, settings: 0 });
  });
});

describe('SAVED_SEARCH_CHECK_SECONDS', () => {
  it('tells the buyer within the configured delay, with no call to wait for', async () => {
    const quick = await createTestApp({ SAVED_SEARCH_CHECK_SECONDS: '1', SIGNUPS_PER_IP: '100' });
    try {
      const buyer = await createUser(quick.app);
      const seller = await createUser(quick.app);
      await quick.app.inject({
        method: 'POST',
        url: '/api/saved-searches',
        headers: { cookie: buyer.cookie },
        payload: { search: 'kombi' },
      });
      await new Promise((resolve) => setTimeout(resolve, 1500)); // the first check sets the mark
      await insertPost(quick, seller.id, { name: 'Toyota Quantum kombi', publishedAt: new Date() });
      const started = Date.now();
      let found: unknown[] = [];
      while (found.length === 0 && Date.now() - started < 10_000) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        found = (
          await quick.app.inject({
            method: 'GET',
            url: '/api/notifications',
            headers: { cookie: buyer.cookie },
          })
        ).json().notifications;
      }
      expect(found).toEqual([
        expect.objectContaining({ kind: 'saved-search', text: '1 new post matches "kombi"' }),
      ]);
    } finally {
      await quick.close();
    }
  });
});
