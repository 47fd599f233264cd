// Telling saved searches about new posts (issue 33, decision 041). Every SAVED_SEARCH_CHECK_SECONDS
// one instance (the job mark's row lock) reads the posts listed since it last looked (published,
// renewed or relisted: each stamps published_at; held and hidden posts are not listed), finds the saved
// searches each matches (matchesOf: GIN lookups of the post's own terms, then the search's tsquery
// and filters), records the hits and raises or updates one notification per saved search.
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { jobMarks, posts, savedSearchHits } from '../../db/schema';
import type { Deps } from '../../deps';
import { type NewNotification, raiseNotifications } from '../notifications';
import { listingCutoff, postVisibility } from '../posts';
import { homeLink } from './links';

const MARK = 'saved-search-check';
/**
 * A caught-up run leaves the mark this far behind its time, so the next run reads those posts again: a
 * publish that committed late, stamped before the run, is still seen (hits make the second look a no-op).
 */
const OVERLAP_MS = 30_000;
/** Posts read in one run; the rest wait for the next. */
const BATCH = 200;
/** Hits written in one statement (3 values each). */
const HITS_PER_INSERT = 5000;

export interface Match {
  id: number;
  userId: number;
  label: string;
  search: string | null;
  type: string | null;
  category: string | null;
  city: string | null;
  sellOrBuy: string | null;
  currency: string | null;
}

/**
 * The saved searches (of others, who have not blocked or been blocked by the author) that `postId`
 * matches as /home would list it. The post's terms: its lexemes ('w:'), every prefix of 3+ letters of
 * each ('p:'), and its filter values ('f:'); a search is a candidate when one of its anchors is among
 * them (the GIN index), and a match when its filters and tsquery agree.
 */
export async function matchesOf(db: Executor, postId: number): Promise<Match[]> {
  const result = (await db.execute(sql`
    with p as (
      select id, user_id, type, category, city, sell_or_buy, currency, search_vector, published_at from posts where id = ${postId}
    ), lexemes as (
      select unnest(tsvector_to_array(p.search_vector)) as lexeme from p
    ), terms as (
      select array(
        select 'w:' || lexeme from lexemes
        union all select 'p:' || left(lexeme, n) from lexemes, generate_series(3, length(lexeme)) as n
        union all select 'f:type=' || type from p
        union all select 'f:category=' || category from p
        union all select 'f:city=' || city from p
        union all select 'f:sell_or_buy=' || sell_or_buy from p
        union all select 'f:currency=' || currency from p
      ) as list
    )
    select s.id, s.user_id as "userId", s.label, s.search, s.type, s.category, s.city,
      s.sell_or_buy as "sellOrBuy", s.currency
    from saved_searches s, p, terms
    where s.anchors && terms.list
      and s.user_id <> p.user_id
      and p.published_at > s.created_at
      and (s.type is null or s.type = p.type)
      and (s.category is null or s.category = p.category)
      and (s.city is null or s.city = p.city)
      and (s.sell_or_buy is null or s.sell_or_buy = p.sell_or_buy)
      and (s.currency is null or s.currency = p.currency)
      and (s.query is null or p.search_vector @@ s.query)
      -- The people the author blocked or was blocked by, read once (not a lookup per search).
      and s.user_id not in (
        select b.blocked_id from blocks b, p where b.blocker_id = p.user_id
        union all select b.blocker_id from blocks b, p where b.blocked_id = p.user_id
      )`)) as unknown as { rows: Match[] };
  return result.rows;
}

type CheckDeps = Pick<Deps, 'database' | 'clock' | 'config' | 'live'>;

/** One run of the check; answers how many posts were read (0 when another instance holds the mark). */
export async function checkSavedSearches(deps: CheckDeps): Promise<number> {
  const now = deps.clock.now();
  const cutoff = listingCutoff(deps);
  const result = await deps.database.db.transaction(async (tx) => {
    const behind = new Date(now.getTime() - OVERLAP_MS);
    await tx.insert(jobMarks).values({ name: MARK, at: behind }).onConflictDoNothing();
    const [mark] = await tx
      .select({ at: jobMarks.at })
      .from(jobMarks)
      .where(eq(jobMarks.name, MARK))
      .for('update', { skipLocked: true });
    if (!mark) return { read: 0, hinted: [] as number[] };
    const fresh = await tx
      .select({ id: posts.id, name: posts.name, publishedAt: posts.publishedAt })
      .from(posts)
      .where(and(postVisibility.listed(cutoff), gt(posts.publishedAt, mark.at), lte(posts.publishedAt, now)))
      .orderBy(asc(posts.publishedAt), asc(posts.id))
      .limit(BATCH);
    const added = new Map<number, { match: Match; count: number; postId: number }>();
    for (const post of fresh) {
      const matches = await matchesOf(tx, post.id);
      if (matches.length === 0) continue;
      // A hit counts once per listing: again after a renewal (a later publish time), never twice for one.
      // In chunks: PostgreSQL binds at most 65,535 values a statement, and a filter-only search may match
      // for tens of thousands of people.
      const counted: { id: number }[] = [];
      for (let i = 0; i < matches.length; i += HITS_PER_INSERT) {
        const chunk = matches.slice(i, i + HITS_PER_INSERT);
        const rows = await tx
          .insert(savedSearchHits)
          .values(
            chunk.map((m) => ({ savedSearchId: m.id, postId: post.id, listedAt: post.publishedAt ?? now })),
          )
          .onConflictDoUpdate({
            target: [savedSearchHits.savedSearchId, savedSearchHits.postId],
            set: { listedAt: sql`excluded.listed_at` },
            setWhere: sql`${savedSearchHits.listedAt} < excluded.listed_at`,
          })
          .returning({ id: savedSearchHits.savedSearchId });
        counted.push(...rows);
      }
      const byId = new Map(matches.map((m) => [m.id, m]));
      for (const { id } of counted) {
        const match = byId.get(id);
        if (!match) continue;
        const entry = added.get(id) ?? { match, count: 0, postId: post.id };
        entry.count++;
        entry.postId = post.id;
        added.set(id, entry);
      }
    }
    // One new post opens that post; more open the search on /home.
    const raised: NewNotification[] = [...added.values()].map(({ match, count, postId }) => ({
      userId: match.userId,
      kind: 'saved-search',
      groupKey: `saved-search:${match.id}`,
      mode: 'add',
      subject: match.label,
      link: `/posts/${postId}`,
      groupLink: homeLink(match),
      count,
    }));
    const hinted = await raiseNotifications(tx, raised, now);
    const last = fresh.at(-1)?.publishedAt;
    // Up to the last post read when the batch was full (the rest next time), else to OVERLAP_MS ago.
    const next = fresh.length === BATCH && last ? last : behind;
    if (next > mark.at) await tx.update(jobMarks).set({ at: next }).where(eq(jobMarks.name, MARK));
    return { read: fresh.length, hinted };
  });
  deps.live.hint(result.hinted);
  return result.read;
}

/** Hits older than this no longer count as new (a search unopened for a month starts again). */
const HIT_RETENTION_MS = 30 * 24 * 60 * 60_000;

export async function sweepSavedSearchHits({ database, clock }: Pick<Deps, 'database' | 'clock'>) {
  await database.db
    .delete(savedSearchHits)
    .where(lte(savedSearchHits.listedAt, new Date(clock.now().getTime() - HIT_RETENTION_MS)));
}
