// Misspelt searches (decision 027): a word of five or more letters that no listed post contains, and
// that starts no word of any published name or category, is replaced by the nearest such word (or
// synonym list word) one or two letters away: 'refrigirator' -> 'refrigerator', 'generatr' -> 'generator'.
// Candidates come from pg_trgm's similarity on search_terms (a trigram index), the final choice from
// the edit distance, so 'generatr' never becomes 'generation'.
import { like, sql } from 'drizzle-orm';
import { SYNONYMS } from '../../../shared/search-words';
import type { Executor } from '../../db/client';
import { searchPostings, searchTerms } from '../../db/schema';
import { planWord, synonymGroup } from './search';

const MIN_LENGTH = 5;
const MAX_EDITS = 2;
/** The most words of one search that are checked for typos (the first ones that may be). */
const MAX_SUSPECTS = 2;
const LETTERS = /^\p{L}+$/u;
const SYNONYM_WORDS = [...new Set(SYNONYMS.flat().filter((w) => !w.includes(' ')))];

/** Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`, capped at MAX_EDITS + 1. */
export function editDistance(a: string, b: string): number {
  const cap = MAX_EDITS + 1;
  if (Math.abs(a.length - b.length) > MAX_EDITS) return cap;
  // Optimal string alignment over three rolling rows: row i holds the edits from a's first i letters
  // to each prefix of b (a search checks it against every synonym list word, so nothing is allocated
  // per cell). Counts are kept at most the cap, which a byte holds whatever the words' length.
  let before = new Uint8Array(b.length + 1);
  let previous = Uint8Array.from({ length: b.length + 1 }, (_, j) => Math.min(j, cap));
  let current = new Uint8Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    current[0] = Math.min(i, cap);
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const replace = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      let best = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, replace);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (before[j - 2] as number) + 1);
      current[j] = Math.min(best, cap);
      rowBest = Math.min(rowBest, best);
    }
    // Every later row is at least this row's best: past the cap, the answer is the cap.
    if (rowBest > MAX_EDITS) return cap;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length] as number;
}

/** Whether `word` could be a typo: long enough, letters only, and no synonym list word. */
const mayBeTypo = (word: string) =>
  word.length >= MIN_LENGTH && LETTERS.test(word) && synonymGroup(word).length === 1;

/** The nearest of `candidates` (in their order) within MAX_EDITS of `word`, if any. */
function nearest(word: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = MAX_EDITS + 1;
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate);
    if (distance > 0 && distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

/**
 * For one word, in one query: whether it is known, and if not, words like it (the CASE reads the
 * trigram index only for an unknown word). Known is a listed post having it (any of its forms, or a
 * word it starts: two probes of the search index, decision 033, each one index lookup however many
 * posts have it) or a published name or category having a word it starts (search_terms, which keeps
 * words that no listed post has any more).
 */
async function lookUp(db: Executor, word: string, cutoff: Date) {
  const sp = searchPostings;
  const term = searchTerms.term;
  const recent = sql`${sp.publishedAt} >= ${cutoff}`;
  const forms = planWord(word).forms.join(' ');
  const known = sql<boolean>`known`;
  const [row] = await db
    .select({
      known,
      near: sql<string[]>`case when ${known} then '{}'::text[]
        else array(select ${term} from ${searchTerms} where ${term} % ${word}
          order by similarity(${term}, ${word}) desc, ${term} limit 8) end`,
    })
    .from(
      sql`(select exists (select 1 from ${sp} where ${recent}
          and ${sp.lexeme} = any (tsvector_to_array(to_tsvector('english', ${forms}))))
        or exists (select 1 from ${sp} where ${recent}
          and ${sp.lexeme} >= ${word} and ${sp.lexeme} < ${word} || chr(1114111))
        or exists (select 1 from ${searchTerms} where ${like(term, `${word}%`)}) as known) as word`,
    );
  return { known: row?.known ?? false, near: row?.near ?? [] };
}

/**
 * `words` with each typo replaced by its correction, or null when none was corrected. At most
 * MAX_SUSPECTS words are looked up (one query of a few index probes each), so a search of eight
 * misspelt words costs what one of two does.
 */
export async function correctTypos(db: Executor, words: string[], cutoff: Date): Promise<string[] | null> {
  const suspects = [...new Set(words.filter(mayBeTypo))].slice(0, MAX_SUSPECTS);
  const corrections = new Map<string, string>();
  for (const word of suspects) {
    const { known, near } = await lookUp(db, word, cutoff);
    if (known) continue;
    const candidate = nearest(word, [...near, ...SYNONYM_WORDS]);
    if (candidate) corrections.set(word, candidate);
  }
  return corrections.size > 0 ? words.map((word) => corrections.get(word) ?? word) : null;
}
