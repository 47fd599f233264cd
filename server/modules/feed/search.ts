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

/** Where a match counts: anywhere, in the name (weight A), or in the name, category, city or location. */
export type Where = '' | 'A' | 'AB';

/** A phrase as tsquery text: its words in order, each with `suffix` (weights, a prefix mark). */
const phrase = (text: string, suffix: string) =>
  text
    .split(' ')
    .map((w) => `${w.slice(0, MAX_WORD_LENGTH)}${suffix}`)
    .join(' <-> ');

/**
 * How a query holds its tsquery texts: as bound values (`byValue`, a one-off query), or as named
 * placeholders (`placeholders()`), so a prepared statement built once per shape takes new words.
 */
export type Bind = (name: string, text: string) => SQL;
export const byValue: Bind = (_name, text) => sql`${text}`;

/** A binder that names each text's placeholder and keeps the texts to execute with. */
export function placeholders() {
  const values: Record<string, string> = {};
  const bind: Bind = (name, text) => {
    values[name] = text;
    return sql`${sql.placeholder(name)}`;
  };
  return { bind, values };
}

/**
 * Posts where `word` matches, as a tsquery: any of its forms as a whole word, stemmed by the English
 * dictionary ('tyres' -> 'tyre', 'electricity' -> 'electr'), or the word as typed as the start of one
 * ('fri' finds 'fridge'). The typed word's prefix is not stemmed: a stemmed prefix ('electr:*') would
 * find 'electronics' for 'electricity'. `key` names the word's placeholders (its place in the search).
 */
export function wordQuery(word: SearchWord, where: Where = '', bind = byValue, key = 'w'): SQL {
  const suffix = where ? `:${where}` : '';
  const whole = word.forms.map((form) => `(${phrase(form, suffix)})`).join(' | ');
  const english = sql`to_tsquery('english', ${bind(`${key}e${where}`, whole)})`;
  // One or two letters as a prefix would match most posts ('d:*'): such a word matches only itself.
  if (word.word.length < MIN_PREFIX_LENGTH) return sql`(${english})`;
  const prefix = bind(`${key}p${where}`, phrase(word.word, `:*${where}`));
  return sql`(${english} || to_tsquery('simple', ${prefix}))`;
}

/** The same without the prefix: the word or one of its forms itself, not a longer word ('car', not 'carpet'). */
export function wholeWordQuery(word: SearchWord, bind = byValue, key = 'w'): SQL {
  const whole = word.forms.map((form) => `(${phrase(form, '')})`).join(' | ');
  return sql`to_tsquery('english', ${bind(`${key}e`, whole)})`;
}

/** Posts with at least one of the words (the best-match order ranks those with more first). */
export const anyWord = (plan: SearchPlan, bind = byValue) =>
  sql.join(
    plan.words.map((w, i) => wordQuery(w, '', bind, `w${i}`)),
    sql` || `,
  );

/** Posts with every word (the newest and price orders, which do not rank). */
export const everyWord = (plan: SearchPlan) =>
  sql.join(
    plan.words.map((w) => wordQuery(w)),
    sql` && `,
  );

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
