// A search's best-match page (decision 027's ranking) read from search_postings (decision 033): for
// each word a search stands for, the newest posts that have it are an index-only walk of at most the
// ranking window, so a page costs the same at 10k posts as at 1M, for a rare word or a city.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { RankPosition } from '../../db/keyset';
import { posts, searchPostings, users } from '../../db/schema';
import { statementCache } from '../../db/statement-cache';
import { coverOfPost, postVisibility } from '../posts';
import { cardColumns, type FeedQuery, filterConditions, filterValues, shapeOf } from './repo';
import { postingTerms, type SearchPlan } from './search';

/** A search ranked by how well each post matches (search.ts plans it; decision 027). */
export interface RankedQuery
  extends Omit<FeedQuery, 'matches' | 'after' | 'order' | 'afterPrice' | 'userId'> {
  plan: SearchPlan;
  /** Only posts strictly after this position in the ranking. */
  afterRank?: RankPosition;
  /** How many of the newest matching posts are ranked (RANK_WINDOW; a test may pass fewer). */
  window?: number;
}

/**
 * A search of several words, or of one with a filter, ranks the newest 1,000 posts it matches (83
 * pages), not all of them: a word in a third of all posts (a city) would otherwise be grouped and
 * scored in every one of them on every page. Rarer words (most) are ranked in full, and so is one
 * word without a filter (read place by place from the index); the 'Newest first' order still lists
 * every match. Decisions 027 and 033.
 */
export const RANK_WINDOW = 1000;

/**
 * The most listed words one typed start stands for ('car' -> car, card, cargo, carpet…), first in
 * byte order, looked for among at most PREFIX_STEPS indexed words (words only expired posts have
 * are skipped).
 */
const PREFIX_WORDS = 16;
const PREFIX_STEPS = 64;
/** The most indexed words one search walks (its words' forms first, then the words they start). */
const MAX_TERMS = 48;
/** With a filter, how many postings one search reads with their posts, shared among its words. */
const FILTERED_READS = 8000;

/** What the SQL needs to know of a plan: the steps a single word or phrase-free forms can skip. */
interface PlanShape {
  /** A form of several words ('lounge suite'), which counts only when the post has them all. */
  phrases: boolean;
  manyWords: boolean;
}

const planShape = (plan: SearchPlan): PlanShape => ({
  phrases: plan.words.some((w) => w.forms.some((form) => form.includes(' '))),
  manyWords: plan.words.length > 1,
});

/** Points for each word a post has, so that all words outrank some. */
const WORD_POINTS = 100;
/**
 * Where a word was found, as points per search_postings.place (3 name, 2 category/city/location,
 * 1 details): the name 6, category/city/location 4, details 2.
 */
const POINTS_PER_PLACE = 2;
const PLACE_POINTS = sql.raw(`(${POINTS_PER_PLACE} * place)`);

/**
 * The listing cutoff as a one-row subquery: PostgreSQL then estimates it alike whether it knows the
 * value (a custom plan) or not (the generic one), so it keeps the statement's generic plan at any size.
 * As a bare value, a small table's custom plans looked cheaper and every call was planned afresh
 * (1.5 ms against 0.35 ms at 10k posts).
 */
const cutoff = sql`(select ${sql.placeholder('cutoff')}::timestamptz)`;

/**
 * The SQL that ranks: the window of newest posts with at least one word, each with its integer score
 * (100 for each word found, so all words outrank some; then where: name 6, category/city/location 4,
 * details 2; then 1 if the word or a synonym itself was found rather than a longer word: 'car' before
 * 'carpet'), the page after the cursor best first. A phrase form ('lounge suite') counts when the post
 * has all its words. `window` is a literal: the planner then walks each word's postings in order.
 * Most searches come down to one indexed word ('tile' -> tile; 'toyo' -> toyota, as nothing has
 * 'toyo' itself): it is scored row by row, without the grouping that several words need, and without
 * a filter it is ranked in full, read place by place.
 */
function rankingSql(q: RankedQuery, shape: PlanShape, window: number): SQL {
  const sp = searchPostings;
  const filters = filterConditions(q);
  const newestOfWord = (limit: SQL) => sql`select ${sp.postId} as post_id, ${sp.publishedAt} as published_at,
    ${sp.place} as place from ${sp} where ${sp.lexeme} = t.lexeme and ${sp.publishedAt} >= ${cutoff}
    order by ${sp.publishedAt} desc, ${sp.postId} desc limit ${limit}`;
  // A word's newest listed posts: an index-only walk, at most the window long. With a filter, the
  // word's newest postings are read with their posts, FILTERED_READS shared among the search's words,
  // and the window taken from those that pass: a common word with a rare filter, or many words, cost
  // a bounded walk, not every post with the word.
  const readsPerWord = sql`(select ${sql.raw(String(FILTERED_READS))} / count(*) from live)`;
  const newestWith = filters.length
    ? sql`select s.* from (${newestOfWord(readsPerWord)}) as s
      join ${posts} on ${posts.id} = s.post_id where ${and(...filters)}
      order by s.published_at desc, s.post_id desc limit ${sql.raw(String(window))}`
    : newestOfWord(sql.raw(String(window)));
  const pageSize = sql.raw(String(Math.trunc(q.limit)));
  const cursorScore = sql.placeholder('afterScore');
  const cursorTs = sql.placeholder('afterTs');
  const cursorId = sql.placeholder('afterId');
  // One word with a filter: its filtered walk is the window, scored row by row.
  const oneFilteredWord = sql`select h.post_id, h.published_at, ${sql.raw(String(WORD_POINTS))} + ${PLACE_POINTS} + t.whole::int as score
    from live t cross join lateral (${newestWith}) as h
    where (select yes from single)`;
  // One word without one needs no grouping, so it is ranked in full, not in a window: the page is read
  // place by place (name, then category/city/location, then details), each newest first from the
  // (lexeme, place, published_at, post_id) index and at most a page long. Its score is 100 + 2 x place
  // + 1 for the word itself, so place order is score order, and after a cursor a place scored above
  // it is skipped whole, the cursor's own place starts at it and the places below from their newest.
  // A page reads about a page of index entries, however many posts have the word.
  const placeWalk = (place: number) => {
    const score = sql.raw(`${WORD_POINTS + POINTS_PER_PLACE * place} + t.whole::int`);
    const atCursor = sql`${score} = ${cursorScore}::int`;
    const after = q.afterRank
      ? sql`and ${score} <= ${cursorScore}::int and (${sp.publishedAt}, ${sp.postId}) < (
          case when ${atCursor} then ${cursorTs}::timestamptz else 'infinity' end,
          case when ${atCursor} then ${cursorId}::int else ${sql.raw(String(2 ** 31 - 1))} end)`
      : sql``;
    return sql`(select ${sp.postId} as post_id, ${sp.publishedAt} as published_at, ${score} as score
    from ${sp} where ${sp.lexeme} = t.lexeme and ${sp.place} = ${sql.raw(String(place))}
      and ${sp.publishedAt} >= ${cutoff} ${after}
    order by ${sp.publishedAt} desc, ${sp.postId} desc limit ${pageSize})`;
  };
  const oneWord = sql`select h.* from live t cross join lateral (
      ${placeWalk(3)} union all ${placeWalk(2)} union all ${placeWalk(1)}
    ) as h where (select yes from single)`;
  const afterCursor = q.afterRank
    ? sql`where (score, published_at, post_id) < (${cursorScore}::int, ${cursorTs}::timestamptz, ${cursorId}::int)`
    : sql``;
  const w = sql.raw(String(window));
  return sql`with recursive
  forms as (
    select split_part(line, ' ', 1)::int as word, ord, substr(line, strpos(line, ' ') + 1) as form
    from string_to_table(${sql.placeholder('forms')}::text, E'\n') with ordinality as f(line, ord)
  ),
  prefixes as (
    select split_part(line, ' ', 1)::int as word, split_part(line, ' ', 2) as prefix
    from string_to_table(${sql.placeholder('prefixes')}::text, E'\n') as p(line) where line <> ''
  ),
  started (word, prefix, lexeme, n, found) as (
    select p.word, p.prefix, first.lexeme, 1, 0 from prefixes p cross join lateral (
      select lexeme from ${sp} where lexeme >= p.prefix and lexeme < p.prefix || chr(1114111)
      order by lexeme limit 1) as first
    union all
    select s.word, s.prefix, next.lexeme, s.n + 1,
      s.found + (exists (select 1 from ${sp} where lexeme = s.lexeme and published_at >= ${cutoff}))::int
    from started s cross join lateral (
      select lexeme from ${sp} where lexeme > s.lexeme and lexeme < s.prefix || chr(1114111)
      order by lexeme limit 1) as next
    where s.n < ${sql.raw(String(PREFIX_STEPS))} and s.found < ${sql.raw(String(PREFIX_WORDS))}
  ),
  terms as (
    select word, lexeme, form, size, bool_or(whole) as whole from (
      select f.word, l.lexeme, case when l.size > 1 then f.ord else 0 end as form, l.size, true as whole
      from forms f, lateral (select cardinality(a) as size, unnest(a) as lexeme
        from tsvector_to_array(to_tsvector('english', f.form)) as a) as l
      union all
      select word, lexeme, 0, 1, false from started
    ) as t group by word, lexeme, form, size
  ),
  live as (
    select * from terms t
    where exists (select 1 from ${sp} where ${sp.lexeme} = t.lexeme and ${sp.publishedAt} >= ${cutoff})
    order by whole desc, word, lexeme limit ${sql.raw(String(MAX_TERMS))}
  ),
  single as (select count(*) = 1 and min(size) = 1 as yes from live),
  hits as (
    select t.word, t.form, t.size, t.whole, h.post_id, h.published_at, h.place
    from live t cross join lateral (${newestWith}) as h
    where not (select yes from single)
  ),
  by_form as (${
    shape.phrases
      ? sql`select post_id, published_at, word, min(place) as place, bool_or(whole) as whole from hits
    group by post_id, published_at, word, form, size having count(*) >= size`
      : sql`select post_id, published_at, word, place, whole from hits`
  }),
  by_word as (
    select post_id, published_at, ${sql.raw(String(WORD_POINTS))} + max(${PLACE_POINTS}) + bool_or(whole)::int as points
    from by_form group by post_id, published_at, word
  ),
  scored as (${
    shape.manyWords
      ? sql`select post_id, published_at, sum(points)::int as score from by_word group by post_id, published_at`
      : sql`select post_id, published_at, points as score from by_word`
  }
    order by published_at desc, post_id desc limit ${w}
  ),
  one_term as (${filters.length ? oneFilteredWord : oneWord}),
  candidates as (select * from one_term union all select * from scored)
  select post_id, published_at, score from candidates ${afterCursor}
  order by score desc, published_at desc, post_id desc limit ${pageSize}`;
}

function buildRankedQuery(db: Executor, q: RankedQuery, shape: PlanShape, window: number, name: string) {
  const cover = coverOfPost(db);
  const score = sql<number>`ranked.score`;
  return (
    db
      .select({ ...cardColumns(cover), score })
      .from(sql`(${rankingSql(q, shape, window)}) as ranked`)
      .innerJoin(posts, eq(posts.id, sql`ranked.post_id`))
      .innerJoin(users, eq(users.id, posts.userId))
      .leftJoinLateral(cover, sql`true`)
      // The postings only hold listed posts; the rule is applied again to what is shown, as everywhere.
      .where(postVisibility.listed(cutoff))
      .orderBy(sql`${score} desc`, sql`ranked.published_at desc`, sql`ranked.post_id desc`)
      .prepare(name)
  );
}

/** One named statement per shape: filters, cursor, phrases, one word or more, window (256 in production). */
const rankedStatements = statementCache<ReturnType<typeof buildRankedQuery>>(256);

/**
 * Listed posts matching a search, best match first (then newest), with author and cover. The words
 * are values, not SQL, so the statement is built and planned once per shape and connection: its plan
 * is the same for every word (an index walk per word, at most the window long).
 */
export async function listRanked(db: Executor, q: RankedQuery) {
  const window = q.window ?? RANK_WINDOW;
  const shape = planShape(q.plan);
  const name = `ranked_page_${shapeOf(q)}${shape.phrases ? 'p' : ''}${shape.manyWords ? 'w' : ''}_${window}_${q.limit}`;
  const statement = rankedStatements(db, name, () => buildRankedQuery(db, q, shape, window, name));
  return statement.execute({
    ...postingTerms(q.plan),
    ...filterValues(q),
    cutoff: q.cutoff,
    afterScore: q.afterRank?.score,
    afterTs: q.afterRank?.at,
    afterId: q.afterRank?.id,
  });
}
