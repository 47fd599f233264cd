// Generators for the values a hostile or clumsy client sends: odd strings (unicode, control
// characters, lone surrogates, long runs of one unit, the shapes that make a regex backtrack),
// wrong types, huge and deeply nested JSON, odd ids.
import fc from 'fast-check';

export interface Limits {
  /** The longest generated string, in characters (FUZZ_MAX_STRING). */
  maxString: number;
}

const SPECIAL_STRINGS = [
  '',
  ' ',
  '   ',
  '\t',
  '\n',
  '\r\n',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\u007f\u0085\u009f',
  '\ud800',
  '\udfff',
  'a\udc00b',
  '\ud83d',
  '👍🏽',
  '👩‍👩‍👧‍👦',
  '🇿🇼',
  '\u202egnp.exe',
  'مرحبا بالعالم',
  'שלום',
  'Z̸̢͎̈́a̶̟͋l̵̰̔g̷̱̈o̵͚͐',
  `e${'\u0301'.repeat(64)}`,
  '\ufeff',
  '\u2028\u2029',
  '\uffff\ufffe',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-0',
  '0',
  '-1',
  '1e309',
  '9007199254740993',
  '0x1F',
  '1.5',
  ' 42 ',
  '+7',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  "'; drop table users; --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, sent as text
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '..%2f..%2f',
  '%00',
  '%',
  '\\',
  '"',
  "'",
  '{}',
  '[]',
  '__proto__',
  'constructor',
  'a@b.c',
  'a@@b.c',
  '@.',
  'tendai@example.co.zw',
  'Harare',
  'Electronics',
  'product',
  'service',
  'Sell',
];

// Units repeated into long runs: the inputs that make a backtracking pattern slow (dots for the
// email pattern, combining marks, separators).
const RUN_UNITS = [
  '.',
  'a.',
  '@',
  ' ',
  'a',
  '1',
  '-',
  '\u0301',
  '👍',
  '%',
  '\\',
  '(',
  '+1',
  '\t',
  'a@',
  '@a.',
];

export const runOf = (limits: Limits) =>
  fc
    .tuple(fc.constantFrom(...RUN_UNITS), fc.noBias(fc.integer({ min: 1, max: limits.maxString })))
    .map(([unit, n]) => unit.repeat(Math.max(1, Math.floor(n / unit.length))));

/** Long dotted emails: the shape that makes the email pattern backtrack (shared/patterns.ts). */
export const dottedEmail = (limits: Limits) =>
  fc
    .tuple(
      fc.constantFrom('a@', 'x@y', 'a@b', '@'),
      fc.constantFrom('.', 'a.', '..', '.a'),
      fc.noBias(fc.integer({ min: 1, max: Math.max(1, Math.floor(limits.maxString / 2)) })),
      // Mostly an ending that fails the match, so a backtracking pattern tries every split first.
      fc.constantFrom('@', '.@', 'a@', ' x', '\u0000@', '', '.'),
    )
    .map(([head, unit, n, tail]) => `${head}${unit.repeat(n)}${tail}`);

export const plausibleString = fc.oneof(
  fc.emailAddress(),
  fc.constantFrom('correct horse battery', 'Tendai Moyo', '0771234567', '+263 77 123 4567', 'Avondale'),
  fc.string({ maxLength: 40 }),
);

// Units of text. fast-check's own 'grapheme' and 'binary' units build a reverse table of every code
// point when a string arbitrary is made (seconds under vitest), so these are plain maps.
const codePoint = fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c));
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const symbol = fc.oneof(
  fc.constantFrom(
    'a',
    'Z',
    '7',
    ' ',
    'é',
    'ß',
    'ж',
    'ع',
    'א',
    '中',
    '👍',
    '👍🏽',
    '🇿🇼',
    '\u0301',
    '\u200d',
    '\u202e',
    '\u00a0',
  ),
  codePoint,
);

// Built once: a grapheme unit is costly to set up (it tables every code point).
const memo = new Map<string, fc.Arbitrary<never>>();
export function once<T>(key: string, build: () => fc.Arbitrary<T>): fc.Arbitrary<T> {
  let arbitrary = memo.get(key);
  if (!arbitrary) {
    arbitrary = build() as fc.Arbitrary<never>;
    memo.set(key, arbitrary);
  }
  return arbitrary as fc.Arbitrary<T>;
}

/** Any string a client might send, mostly short, sometimes as long as FUZZ_MAX_STRING allows. */
export const anyString = (limits: Limits): fc.Arbitrary<string> =>
  once(`anyString ${limits.maxString}`, () => anyStringOf(limits));

const anyStringOf = (limits: Limits): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
    { weight: 3, arbitrary: fc.string({ maxLength: 30, unit: symbol }) },
    { weight: 2, arbitrary: fc.string({ maxLength: 30, unit: codePoint }) },
    { weight: 2, arbitrary: fc.string({ maxLength: 20, unit: codeUnit }) },
    { weight: 2, arbitrary: plausibleString },
    { weight: 1, arbitrary: runOf(limits) },
    { weight: 1, arbitrary: dottedEmail(limits) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...SPECIAL_STRINGS), fc.noBias(fc.integer({ min: 1, max: limits.maxString })))
        .map(([s, n]) => (s || 'x').repeat(Math.ceil(n / Math.max(1, s.length))).slice(0, n)),
    },
  );

/** One of a pool's current values: the pool may grow while the fuzz runs (new posts, new images). */
export const pick = <T>(pool: T[]) => fc.nat().map((i) => pool[i % pool.length] as T);

export const oddNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1.5,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31),
    2 ** 53 + 2,
    1e308,
    -1e308,
    Number.MIN_VALUE,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** An arbitrary JSON value: every type, nested a little. */
export const anyJson = (limits: Limits): fc.Arbitrary<unknown> =>
  once(`anyJson ${limits.maxString}`, () => anyJsonOf(limits));

const anyJsonOf = (limits: Limits): fc.Arbitrary<unknown> =>
  fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      anyString(limits),
      oddNumber,
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 5 }),
      fc.dictionary(
        fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor', '')),
        tie('value'),
        {
          maxKeys: 5,
        },
      ),
    ),
  })).value;

/** JSON text nested `depth` levels deep (arrays, objects or both). */
export const deepJsonText = fc
  .tuple(fc.integer({ min: 50, max: 20_000 }), fc.constantFrom('[', '{"a":'))
  .map(([depth, open]) => `${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}`);

/** A value for a path parameter: real ids, odd numbers, non-digits, encoded slashes and dots. */
export const pathSegment = (limits: Limits, realIds: number[]) =>
  fc.oneof(
    { weight: 4, arbitrary: pick(realIds).map(String) },
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 1_000 }).map(String) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '0',
        '-1',
        '-0',
        '00001',
        '1.0',
        '1e3',
        '+1',
        ' 1',
        '0x10',
        '2147483647',
        '2147483648',
        '4294967296',
        '9999999999',
        '99999999999999999999999',
        'NaN',
        'Infinity',
        'null',
        'abc',
        '1%2F2',
        '%2F',
        '..%2F..%2Fetc',
        '%2e%2e',
        '..',
        '.',
        '%00',
        '1%00',
        '%20',
        '%E2%80%AE',
        '%F0%9F%91%8D',
        '%ED%A0%80',
        '%C0%AE',
        '%FF',
        '1;drop',
        '1?x=1',
        '1#frag',
        'product',
        'service',
        'Product',
      ),
    },
    { weight: 2, arbitrary: anyString(limits).map(encodePathText) },
  );

/** Percent-encodes text the way a client would, including lone surrogates (as WTF-8 bytes). */
export function encodePathText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (/^[A-Za-z0-9_.~-]$/.test(char)) out += char;
    else if (code >= 0xd800 && code <= 0xdfff)
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    else out += encodeURIComponent(char);
  }
  return out;
}
