// The search index (decision 033) is kept by a trigger on posts, so every write path keeps it: after
// each kind of write, search_postings holds exactly the words of the listed posts, and a search finds
// a post exactly while it is listed.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostWrapper } from '../../../shared/api-types';
import type { RankPosition } from '../../db/keyset';
import { posts } from '../../db/schema';
import { createUser, type TestUser } from '../../test/factories';
import { clearFeedCache, selectRows } from '../../test/feed-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertPost } from '../../test/post-factory';
import { postVisibility } from '../posts/policy';
import { listRanked } from './ranked';
import { planSearch } from './search';

let t: TestApp;
let seller: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  seller = await createUser(t.app, { name: 'Tendai Index' });
});

afterAll(async () => {
  await t.close();
});

/**
 * Rows of search_postings that differ from what the listed posts' search vectors say. Expired posts
 * keep theirs (a reader's cutoff leaves them out), so expiry is not part of the comparison.
 */
async function mismatches() {
  const listed = postVisibility.listed(new Date(Date.UTC(1800, 0, 1)));
  const expected = sql`select s.lexeme, ${posts.publishedAt}, ${posts.id}, s.place
    from ${posts}, post_search_postings(${posts}) s where ${listed}`;
  const actual = sql`select lexeme, published_at, post_id, place from search_postings`;
  const rows = await selectRows<{ n: number | string }>(
    t,
    sql`select count(*) as n from ((${actual} except all ${expected}) union all (${expected} except all ${actual})) d`,
  );
  return Number(rows[0]?.n);
}

async function found(word: string) {
  clearFeedCache(t);
  const res = await t.app.inject({ method: 'GET', url: `/api/posts?search=${word}` });
  expect(res.statusCode).toBe(200);
  return (res.json().posts as PostWrapper[]).map((p) => p.id);
}

const update = (id: number, values: Partial<typeof posts.$inferInsert>) =>
  t.database.db.update(posts).set(values).where(eq(posts.id, id));

describe('search_postings', () => {
  it('holds the words of listed posts only, through every kind of write', async () => {
    const post = await insertPost(t, seller.id, {
      name: 'Quagga pump',
      category: 'Tools and Hardware',
      details: 'Borehole ready.',
    });
    const draft = await insertPost(t, seller.id, { name: 'Quagga draft', isPublished: false });
    expect(await mismatches()).toBe(0);
    expect(await found('quagga')).toEqual([post.id]);

    const steps: [string, Partial<typeof posts.$inferInsert>, boolean][] = [
      ['held by moderation', { moderation: 'held' }, false],
      ['removed by moderation', { moderation: 'removed' }, false],
      ['cleared again', { moderation: 'visible' }, true],
      ['author suspended', { authorSuspended: true }, false],
      ['author reinstated', { authorSuspended: false }, true],
      ['sold', { status: 'sold' }, false],
      ['available again', { status: 'available' }, true],
      ['reserved (still listed)', { status: 'reserved' }, true],
      ['unpublished', { isPublished: false }, false],
      ['published again', { isPublished: true }, true],
      ['renewed', { publishedAt: new Date() }, true],
    ];
    for (const [step, values, listed] of steps) {
      await update(post.id, values);
      expect({ step, mismatches: await mismatches() }).toEqual({ step, mismatches: 0 });
      expect({ step, found: await found('quagga') }).toEqual({ step, found: listed ? [post.id] : [] });
    }

    // A new word is found and the old one is not, wherever the text changes.
    await update(post.id, { details: 'Zebrafish tank included.' });
    expect(await mismatches()).toBe(0);
    expect(await found('zebrafish')).toEqual([post.id]);
    expect(await found('borehole')).toEqual([]);

    await update(draft.id, { isPublished: true, publishedAt: new Date() });
    expect(await found('quagga')).toEqual([draft.id, post.id]);

    await t.database.db.delete(posts).where(eq(posts.id, post.id));
    expect(await mismatches()).toBe(0);
    expect(await found('quagga')).toEqual([draft.id]);
  });

  it('lets a typed start stand for listed words past the words only expired posts have', async () => {
    // Tests list posts for 100 years (harness POST_EXPIRY_DAYS): these expired long before.
    const longAgo = new Date(Date.UTC(1900, 0, 1));
    // 20 words in byte order before the listed one, each only in a post that expired long ago.
    for (const letter of 'abcdefghijklmnopqrst')
      await insertPost(t, seller.id, { name: `Qzo${letter}x lamp`, publishedAt: longAgo });
    const listed = await insertPost(t, seller.id, { name: 'Qzozz lamp' });
    expect(await found('qzo')).toEqual([listed.id]);
  });

  it('pages a one-word search exactly and in full: name before place before details, newest first', async () => {
    const places = ['name', 'location', 'details'] as const;
    const made: { id: number; at: number; points: number }[] = [];
    for (let i = 0; i < 40; i++) {
      const where = places[(i * 7) % 3] as (typeof places)[number];
      const at = Date.UTC(2026, 0, 1) + i * 60_000;
      const text = { name: 'Plain item', location: 'Avondale', details: 'Nothing more.' };
      text[where] = `${text[where]} zorilla`;
      const row = await insertPost(t, seller.id, { ...text, publishedAt: new Date(at) });
      made.push({ id: row.id, at, points: { name: 6, location: 4, details: 2 }[where] });
    }
    // A window smaller than the matches: one word without a filter is ranked in full all the same.
    const window = 25;
    const expected = made.sort((a, b) => b.points - a.points || b.at - a.at).map((p) => p.id);

    const plan = planSearch('zorilla');
    if (!plan) throw new Error('no plan');
    const seen: number[] = [];
    let afterRank: RankPosition | undefined;
    for (let page = 0; page < 10; page++) {
      const rows = await listRanked(t.database.db, {
        plan,
        cutoff: new Date(0),
        limit: 6,
        window,
        afterRank,
      });
      seen.push(...rows.map((row) => row.id));
      const last = rows.at(-1);
      if (rows.length < 6 || !last) break;
      afterRank = { score: last.score, at: last.position, id: last.id };
    }
    expect(seen).toEqual(expected);
  });

  it.runIf(process.env.DATABASE_URL)('runs without JIT compiling on PostgreSQL', async () => {
    const rows = await selectRows<{ jit: string }>(t, sql`select current_setting('jit') as jit`);
    expect(rows[0]?.jit).toBe('off');
  });

  it("keeps where each word is best found: the name's place over the details'", async () => {
    const post = await insertPost(t, seller.id, { name: 'Okapi lamp', details: 'An okapi lamp.' });
    const rows = await selectRows<{ lexeme: string; place: number }>(
      t,
      sql`select lexeme, place from search_postings where post_id = ${post.id} order by lexeme`,
    );
    expect(rows).toContainEqual({ lexeme: 'okapi', place: 3 });
    expect(rows).toContainEqual({ lexeme: 'harar', place: 2 });
    expect(await mismatches()).toBe(0);
  });
});
