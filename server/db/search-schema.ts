// The search index's tables (decisions 027 and 033), kept by triggers on posts: the words a misspelt
// search is corrected to, and each listed post's words for the ranked search. schema.ts exports them
// with the rest of the data model (drizzle-kit reads that file).
import {
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Every word of a published post's name and category, as typed (lower case, unstemmed): what a misspelt
 * search is corrected to (pg_trgm similarity, feed/typos.ts; decision 027). Kept by a trigger on posts
 * (migration 0010), so no write path can forget it; words are never removed (a correction is only
 * offered when the corrected search finds listed posts).
 */
export const searchTerms = pgTable('search_terms', { term: text('term').primaryKey() }, (t) => [
  index('search_terms_trgm_idx').using('gin', t.term.op('gin_trgm_ops')),
  // 'word%' reads an index range whatever the database's collation (migration 0012).
  index('search_terms_prefix_idx').on(t.term.op('text_pattern_ops')),
]);

/** Text compared byte by byte: a range of it is every word with one start ('toyo' to 'toyo\u{10FFFF}'). */
const byteText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/**
 * The search index a ranked search walks (decision 033): one row per word (English lexeme) of each
 * publicly listed post, with where its best occurrence is (3 name, 2 category/city/location, 1
 * details), ordered by (lexeme, published_at, post_id), so the newest posts with a word are an
 * index-only walk however many posts have it. Kept by a trigger on posts (migration 0012) from the
 * post's own search_vector and listing state, so no write path can forget it; expiry is the reader's
 * `published_at >= cutoff`.
 */
export const searchPostings = pgTable(
  'search_postings',
  {
    lexeme: byteText('lexeme').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    postId: integer('post_id').notNull(),
    place: smallint('place').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.lexeme, t.publishedAt, t.postId] }),
    // A one-word page read place by place, newest first (feed/ranked.ts).
    index('search_postings_place_idx').on(t.lexeme, t.place, t.publishedAt, t.postId),
  ],
);
