// How the scam checks read text (scam-signals.ts) and how the copy-paste fingerprint folds it
// (copy-paste.ts): one normalisation, so a trick (look-alike letters, invisible characters, spaced-out
// names, digits for letters) defeats neither check.
// Normalisation. Two views of the text: `text` keeps digits and punctuation (phone numbers, links);
// `words` is lowercase words and digits separated by single spaces, with '.' and ',' kept as their own
// tokens so a phrase cannot run across a sentence or clause.

const INVISIBLE = /[\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/g;
// Cyrillic and Greek look-alikes survive NFKC and are a cheap way round keyword filters.
const LOOKALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  і: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  ѕ: 's',
  т: 't',
  у: 'y',
  х: 'x',
  α: 'a',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
};
const LOOKALIKE = new RegExp(`[${Object.keys(LOOKALIKES).join('')}]`, 'g');
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};
const SLANG: Record<string, string> = {
  b4: 'before',
  '1st': 'first',
  u: 'you',
  ur: 'your',
  pls: 'please',
  plz: 'please',
  pymt: 'payment',
  thru: 'through',
};

export interface Views {
  text: string;
  words: string;
  /** Letters only, for names spelt out with spaces or dots ("w.e.s.t.e.r.n u n i o n"). */
  squashed: string;
}

/**
 * Text as a reader sees it: compatibility forms folded (full-width letters), lower case, invisible
 * characters dropped, Cyrillic and Greek look-alikes turned into Latin letters. The copy-paste
 * fingerprint folds text the same way (copy-paste.ts), so one trick defeats neither check.
 */
export function foldText(input: string): string {
  return input
    .normalize('NFKC')
    .toLowerCase()
    .replace(INVISIBLE, '')
    .replace(/\p{Cf}/gu, '')
    .replace(LOOKALIKE, (c) => LOOKALIKES[c] ?? c);
}

export function viewsOf(input: string): Views {
  const text = foldText(input)
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n[\s]*/g, '\n');
  const tokens = text
    .replace(/['’‘`´]/g, '') // don't -> dont, I'm -> im
    .replace(/\b(?:[a-z]\.){1,8}[a-z]\b\.?/g, (m) => m.replace(/\./g, '')) // w.u. -> wu, u.s.a -> usa
    .replace(/[.!?;:\n]+/g, ' . ')
    .replace(/,+/g, ' , ')
    .replace(/[^a-z0-9$@%.,]+/g, ' ')
    .split(' ')
    .filter(Boolean)
    .map(unLeet);
  const words = joinSpacedLetters(tokens)
    .map((t) => SLANG[t] ?? t)
    .join(' ');
  const squashed = words.replace(/[013457@$]/g, (c) => LEET[c] ?? c).replace(/[^a-z]/g, '');
  return { text, words, squashed };
}

/** "m0neygram" -> "moneygram": only words that are mostly letters, so "i5" or "us$300" stay as they are. */
function unLeet(token: string): string {
  if (token in SLANG) return token;
  const leet = token.replace(/[^013457@$]/g, '').length;
  const letters = token.replace(/[^a-z]/g, '').length;
  return leet > 0 && letters > leet ? token.replace(/[013457@$]/g, (c) => LEET[c] ?? c) : token;
}

/** "w e s t e r n" -> "western": three or more one-letter tokens in a row are one word. */
function joinSpacedLetters(tokens: string[]): string[] {
  const out: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length >= 3) out.push(run.join(''));
    else out.push(...run);
    run = [];
  };
  for (const t of tokens) {
    if (/^[a-z]$/.test(t)) run.push(t);
    else {
      flush();
      out.push(t);
    }
  }
  flush();
  return out;
}
