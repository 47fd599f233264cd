// What a typed search becomes (decision 027): each word turns into the forms it stands for: the word
// itself, its synonyms and spellings (shared/search-words.ts) and, for a trade's name ('plumber'), the
// work's root ('plumb', which PostgreSQL's English stemmer also makes of 'plumbing'). Each form matches
// as a whole word in any English form ('tyres' finds 'tyre'), and the typed word also as the start of
// one ('fri' finds 'fridge'). Only runs of letters and digits reach the tsquery text: quotes, &, |, !,
// :, *, parentheses, SQL are separators, so no input can be tsquery syntax; the text is a bound parameter.
import { type SQL, sql } from 'drizzle-orm';
import { SEARCH_STOP_WORDS, SYNONYMS, searchWords } from '../../../shared/search-words';

const MAX_WORD_LENGTH = 40;
const MIN_PREFIX_LENGTH = 3;

/** One searched word and the forms it stands for. */
export interface SearchWord {
  word: string;
  /** The word, its synonyms and its trade root: each a whole word (or phrase) in any English form. */
  forms: string[];
}

export interface SearchPlan {
  words: SearchWord[];
}

const synonymsOf = new Map<string, readonly string[]>();
for (const group of SYNONYMS) for (const member of group) synonymsOf.set(member, group);

/** Plural endings a synonym lookup ignores ('fridges' is in the 'fridge' group). */
const singular = (word: string) => [word, word.replace(/e?s$/, ''), word.replace(/s$/, '')];

/** The synonym group of `word` (itself alone when it has none). */
export function synonymGroup(word: string): readonly string[] {
  for (const form of singular(word)) {
    const group = synonymsOf.get(form);
    if (group) return group;
  }
  return [word];
}

// 'plumber' -> 'plumb', 'cleaners' -> 'clean': the root finds the work ('plumbing', 'cleaning'). Roots
// under four letters are left alone: 'water', 'power' and 'paper' have none.
const TRADE = /^(\p{L}{4,})ers?$/u;

/** Every form `word` stands for, as space-separated phrases of words. */
export function formsOf(word: string): string[] {
  const forms = new Set(synonymGroup(word));
  forms.add(word);
  const root = TRADE.exec(word)?.[1];
  if (root) forms.add(root);
  return [...forms];
}

/** A phrase as tsquery text: its words in order, each with `suffix` (a prefix mark). */
const phrase = (text: string, suffix: string) =>
  text
    .split(' ')
    .map((w) => `${w.slice(0, MAX_WORD_LENGTH)}${suffix}`)
    .join(' <-> ');

/**
 * Posts where `word` matches, as a tsquery on posts.search_vector (the newest and price orders): any
 * of its forms as a whole word, stemmed by the English dictionary ('tyres' -> 'tyre', 'electricity'
 * -> 'electr'), or the word as typed as the start of one ('fri' finds 'fridge'). The typed word's
 * prefix is not stemmed: a stemmed prefix ('electr:*') would find 'electronics' for 'electricity'.
 */
export function wordQuery(word: SearchWord): SQL {
  const whole = word.forms.map((form) => `(${phrase(form, '')})`).join(' | ');
  const english = sql`to_tsquery('english', ${whole})`;
  // One or two letters as a prefix would match most posts ('d:*'): such a word matches only itself.
  if (!hasPrefix(word)) return sql`(${english})`;
  return sql`(${english} || to_tsquery('simple', ${phrase(word.word, ':*')}))`;
}

const hasPrefix = (word: SearchWord) => word.word.length >= MIN_PREFIX_LENGTH;

/** Posts with every word (the newest and price orders, which do not rank). */
export const everyWord = (plan: SearchPlan) =>
  sql.join(
    plan.words.map((w) => wordQuery(w)),
    sql` && `,
  );

/**
 * The same rules as values for the ranked search's index (feed/ranked.ts, decision 033): one line
 * `<word number> <form>` per form (stemmed there by the same English dictionary), and one
 * `<word number> <typed word>` per word long enough to stand for the words it starts. Words hold only
 * letters, digits and single spaces, so neither separator can occur inside one.
 */
export function postingTerms(plan: SearchPlan) {
  const line = (word: number, text: string) =>
    `${word} ${text
      .split(' ')
      .map((w) => w.slice(0, MAX_WORD_LENGTH))
      .join(' ')}`;
  return {
    forms: plan.words.flatMap((w, i) => w.forms.map((form) => line(i, form))).join('\n'),
    prefixes: plan.words.flatMap((w, i) => (hasPrefix(w) ? [line(i, w.word)] : [])).join('\n'),
  };
}

export const planWord = (word: string): SearchWord => ({ word, forms: formsOf(word) });

/** The plan for `input`, or null when it holds no letters or digits. */
export function planSearch(input: string): SearchPlan | null {
  return planFromWords(searchWords(input));
}

/** The plan for these words, stop words left out unless there is nothing else. */
export function planFromWords(words: string[]): SearchPlan | null {
  const meaningful = words.filter((word) => !SEARCH_STOP_WORDS.has(word));
  const chosen = meaningful.length > 0 ? meaningful : words;
  return chosen.length === 0 ? null : { words: chosen.map(planWord) };
}
