// Plain patterns the browser checks without loading zod (~24 kB gzip): sign-in validates with these
// alone, so zod stays off its first load. shared/validation.ts builds its schemas on the same ones.
//
// Every pattern here is linear (DESIGN §7b): no two quantifiers can share a character, so a failed
// match never retries a split. The old `[^\s@]+\.[^\s@]+$` tried every dot of the domain and scanned
// to the end from each: 'a@' + 100,000 dots + '@' blocked the server for 13 s.

// Spec §5: no spaces, one @, and a dot in the domain (not as its first or last character). The
// domain's first character is taken alone, then everything up to its next dot, which must leave at
// least one character after it: the same addresses as before, in one pass.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;
