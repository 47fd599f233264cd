// Turns what a person typed into a safe to_tsquery expression: every run of letters or digits becomes
// a prefix term ('fri' -> 'fri:*', which finds 'fridge'), all terms must match. Everything else
// (quotes, &, |, !, :, *, parentheses, backslashes, SQL) only separates words, so no input can be
// tsquery syntax, and the expression still travels to PostgreSQL as a bound parameter.
const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;

/** The tsquery text for `input`, or null when it holds no letters or digits. */
export function toPrefixQuery(input: string): string | null {
  const terms = input
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_TERMS)
    .map((word) => `${word.slice(0, MAX_TERM_LENGTH)}:*`);
  return terms.length > 0 ? terms.join(' & ') : null;
}
