// Search that finds what people mean (issue 17, decision 027): word forms, spellings, synonyms, typos,
// best match first with exact paging, short input, and the filters and other orders alongside.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostWrapper } from '../../../shared/api-types';
import { MSG } from '../../../shared/messages';
import { createUser, type TestUser } from '../../test/factories';
import { at, clearFeedCache } from '../../test/feed-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertPost, type PostOverrides } from '../../test/post-factory';
import { listRanked, RANK_WINDOW } from './ranked';
import { planSearch } from './search';

let t: TestApp;
let seller: TestUser;
const ids: Record<string, number> = {};
let clock = 0;

/** A post published after every earlier one (so newest-first order is the order of creation). */
async function post(key: string, overrides: PostOverrides) {
  clock += 10;
  ids[key] = (
    await insertPost(t, seller.id, { details: 'Good condition.', publishedAt: at(clock), ...overrides })
  ).id;
}

beforeAll(async () => {
  t = await createTestApp();
  seller = await createUser(t.app, { name: 'Rudo Moyo' });
  await post('inverter', { name: 'Solar inverter 3kVA', category: 'Electronics', city: 'Harare' });
  await post('plumbing', {
    type: 'service',
    name: 'Plumbing repairs',
    category: 'Tools and Hardware',
    city: 'Bulawayo',
  });
  await post('plumber', {
    type: 'service',
    name: 'Plumber for geysers',
    category: 'Tools and Hardware',
    city: 'Gweru',
  });
  await post('tyres', { name: 'Tyres 195/65 R15 (set)', category: 'Automotive', city: 'Mutare' });
  await post('fridge', { name: 'Hisense fridge 300L', category: 'Home and Kitchen', city: 'Harare' });
  await post('phone', { name: 'Tecno Spark 10 phone', category: 'Electronics', city: 'Harare' });
  await post('minibus', { name: 'Toyota Hiace minibus', category: 'Automotive', city: 'Harare' });
  await post('zesa', { name: 'Prepaid ZESA tokens', category: 'Other', city: 'Harare' });
  await post('generator', { name: 'Petrol generator 5kVA', category: 'Tools and Hardware', city: 'Kwekwe' });
  await post('paint', { name: 'Wall paint, any colour', category: 'Tools and Hardware', city: 'Harare' });
  await post('repairing', {
    type: 'service',
    name: 'Repairing laptops',
    category: 'Electronics',
    city: 'Harare',
  });
  // Newer than the inverter, 'solar' only in its details: the inverter must still come first.
  await post('iphone', {
    name: 'iPhone 12 128GB',
    category: 'Electronics',
    details: 'Charged from a solar panel every day.',
    city: 'Bulawayo',
  });
  await post('lantern', { name: 'Solar lanterns', category: 'Outdoor and Camping', city: 'Bulawayo' });
  await post('draft', { name: 'Refrigerator in secret', isPublished: false, publishedAt: null });
});
afterAll(() => t.close());

interface Page {
  posts: PostWrapper[];
  nextCursor: string | null;
  correctedSearch?: string;
}

async function search(text: string, extra = '') {
  clearFeedCache(t);
  const res = await t.app.inject({ url: `/api/posts?search=${encodeURIComponent(text)}${extra}` });
  return { status: res.statusCode, body: res.json() as Page };
}
const keysOf = (posts: PostWrapper[]) =>
  posts.map((p) => Object.keys(ids).find((key) => ids[key] === p.id) ?? `#${p.id}`);
const found = async (text: string, extra = '') => keysOf((await search(text, extra)).body.posts);

describe('word forms', () => {
  it.each([
    ['plumber', ['plumber', 'plumbing']],
    ['plumbing', ['plumber', 'plumbing']],
    ['plumbers', ['plumber', 'plumbing']],
    ['repair', ['plumbing', 'repairing']],
    ['repairs', ['plumbing', 'repairing']],
    ['repairing', ['plumbing', 'repairing']],
    ['tyre', ['tyres']],
    ['tyres', ['tyres']],
  ])('%s finds %j', async (text, expected) => {
    expect((await found(text)).sort()).toEqual([...expected].sort());
  });
});

describe('spellings and synonyms (shared/search-words.ts)', () => {
  it.each([
    ['tires', ['tyres']],
    ['tire', ['tyres']],
    ['color', ['paint']],
    ['refrigerator', ['fridge']],
    ['refrigerators', ['fridge']],
    ['cellphone', ['phone']],
    ['mobile', ['phone']],
    ['kombi', ['minibus']],
    ['electricity', ['zesa']],
    ['zesa', ['zesa']],
  ])('%s finds %j', async (text, expected) => {
    expect(await found(text)).toEqual(expected);
  });

  it('never finds an unpublished post through a synonym', async () => {
    expect(await found('refrigerator')).not.toContain('draft');
  });
});

describe('typos', () => {
  it.each([
    ['refrigirator', 'refrigerator', ['fridge']],
    ['generatr', 'generator', ['generator']],
    ['genrator', 'generator', ['generator']],
    ['lanterns solaar', 'lanterns solar', ['lantern', 'inverter', 'iphone']],
  ])('%s is corrected to %s', async (text, corrected, expected) => {
    const { status, body } = await search(text);
    expect(status).toBe(200);
    expect(body.correctedSearch).toBe(corrected);
    expect(keysOf(body.posts)).toEqual(expected);
  });

  it('leaves a word alone when posts have it, or when nothing is near it', async () => {
    const exact = await search('generator');
    expect(exact.body.correctedSearch).toBeUndefined();
    const geysers = await search('geysers');
    expect(geysers.body.correctedSearch).toBeUndefined();
    expect(keysOf(geysers.body.posts)).toEqual(['plumber']);
    const nothing = await search('zzzqqqxx');
    expect(nothing.body).toEqual({ posts: [], nextCursor: null });
  });

  it('does not correct short words (under five letters)', async () => {
    expect((await search('tyrs')).body.correctedSearch).toBeUndefined();
  });
});

describe('best match first', () => {
  it('puts a word in the name above one in the details, newer winning ties', async () => {
    // lantern is the newest name match, then the inverter; the newer iPhone has 'solar' only in its details.
    expect(await found('solar')).toEqual(['lantern', 'inverter', 'iphone']);
  });

  it('puts all words together above some', async () => {
    expect(await found('solar panel')).toEqual(['iphone', 'lantern', 'inverter']);
  });

  it('keeps the newest order on request, every word required', async () => {
    expect(await found('solar', '&sort=newest')).toEqual(['lantern', 'iphone', 'inverter']);
    expect(await found('solar panel', '&sort=newest')).toEqual(['iphone']);
  });

  it('combines with the filters', async () => {
    expect(await found('solar', '&city=Bulawayo')).toEqual(['lantern', 'iphone']);
    expect(await found('solar', '&category=Electronics')).toEqual(['inverter', 'iphone']);
    expect(await found('repairs', '&type=service')).toEqual(['repairing', 'plumbing']);
    expect(await found('repairs', '&type=product')).toEqual([]);
    expect(await found('solar', '&sell_or_buy=Buy')).toEqual([]);
  });

  it('combines with the price order (every word required)', async () => {
    const { status, body } = await search('solar', '&sort=price_asc&currency=USD');
    expect(status).toBe(200);
    expect(keysOf(body.posts).sort()).toEqual(['inverter', 'iphone', 'lantern']);
  });

  it('ranks the newest matches of several words only, so a very common word costs what a rare one does (RANK_WINDOW)', async () => {
    const ranked = async (text: string, filters: { type?: 'product' } = {}) => {
      const plan = planSearch(text);
      if (!plan) throw new Error('no plan');
      const rows = await listRanked(t.database.db, {
        plan,
        cutoff: new Date(0),
        limit: 10,
        window: 2,
        ...filters,
      });
      return keysOf(rows.map((row) => ({ id: row.id }) as PostWrapper));
    };
    // The inverter (a name match) is older than the two newest matches: outside the window.
    expect(await ranked('solar panel')).toEqual(['iphone', 'lantern']);
    expect(await ranked('solar', { type: 'product' })).toEqual(['lantern', 'iphone']);
    // One word without a filter is read place by place from the index: ranked in full.
    expect(await ranked('solar')).toEqual(['lantern', 'inverter', 'iphone']);
    expect(RANK_WINDOW).toBe(1000);
  });

  it('refuses a cursor of another order', async () => {
    const newest = await search('tyres', '&sort=newest');
    expect(newest.status).toBe(200);
    const bogus = Buffer.from('2026-01-10T08:00:00.000000Z_5').toString('base64url');
    expect((await search('tyres', `&cursor=${bogus}`)).status).toBe(400);
    const forged = Buffer.from('rank_99999_2026-01-10T08:00:00.000000Z_5').toString('base64url');
    expect((await search('tyres', `&cursor=${forged}`)).status).toBe(400);
  });
});

describe('short input', () => {
  it.each(['t', 'tv', ' t-v ', 'a & | ! :* ('])(
    '%j does not search: 400 saying how many to type',
    async (text) => {
      const { status, body } = await search(text);
      expect(status).toBe(400);
      expect(body).toMatchObject({
        message: MSG.feed.searchTooShort,
        errors: { search: MSG.feed.searchTooShort },
      });
    },
  );

  it('searches from three letters or digits on', async () => {
    expect((await search('fri')).status).toBe(200);
    expect(await found('fri')).toEqual(['fridge']);
  });
});

describe('paging a ranked search', () => {
  let pager: TestUser;

  // With a filter the ranking reads the word's newest postings with their posts; without one it reads
  // the word's postings place by place (decision 033): both page exactly.
  it.each([
    ['borehole', '&city=Masvingo'],
    ['kapenta', ''],
  ])('shows each result once while new posts are published between pages (%s%s)', async (word, filter) => {
    pager ??= await createUser(t.app, { name: 'Paging Seller' });
    const Word = word[0]?.toUpperCase() + word.slice(1);
    const original: number[] = [];
    // 30 posts for the word: 10 with it in the name, 20 only in the details.
    for (let i = 0; i < 30; i++) {
      const inName = i % 3 === 0;
      const row = await insertPost(t, pager.id, {
        name: inName ? `${Word} drilling ${i}` : `Water pump ${i}`,
        details: inName ? 'Drilled and cased.' : `Good for a ${word}.`,
        category: 'Tools and Hardware',
        city: 'Masvingo',
        publishedAt: at(10_000 + i),
      });
      original.push(row.id);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const { status, body } = await search(word, `${filter}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(status).toBe(200);
      seen.push(...body.posts.map((p) => p.id));
      // Between pages: a better match and a worse one are published.
      await insertPost(t, pager.id, {
        name: `${Word} new ${pages}`,
        category: 'Tools and Hardware',
        city: 'Masvingo',
        publishedAt: at(20_000 + pages),
      });
      await insertPost(t, pager.id, {
        name: `Tank stand ${pages}`,
        details: `${Word} ready.`,
        category: 'Tools and Hardware',
        city: 'Masvingo',
        publishedAt: at(20_000 + pages),
      });
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(original));
    // The ten name matches come first, newest first.
    const nameMatches = original.filter((_, i) => i % 3 === 0).reverse();
    expect(seen.slice(0, 10)).toEqual(nameMatches);
  });
});

describe('hostile searches stay cheap', () => {
  it('checks at most two words for typos, however many are misspelt', async () => {
    const { status, body } = await search('generatr refrigirator genrator lanternz solaar');
    expect(status).toBe(200);
    // The first two suspects are corrected; the rest are searched as typed.
    expect(body.correctedSearch).toBe('generator refrigerator genrator lanternz solaar');
  });

  it('matches a one- or two-letter word only as itself, not as the start of every word', async () => {
    // 'g' as a prefix would find 'generator'; as a word it finds nothing here.
    expect(await found('d g c b u n m h')).toEqual([]);
  });

  it('refuses a bad cursor before doing any search work', async () => {
    const { status } = await search('generatr refrigirator', '&cursor=garbage');
    expect(status).toBe(400);
  });
});
