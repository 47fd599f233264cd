// Scam-pattern detection for post and comment text (issue 11). A hit does not block anything: the
// signals are stored with the row, readers see a caution, and moderators get the row in their queue.
// So the rules lean towards silence on ordinary Zimbabwean trade talk (EcoCash, ZiG, rental deposits,
// local numbers, Shona and Ndebele) and fire on the few phrasings scammers cannot do without.
//
// Every pattern is bounded (fixed words, gaps of at most a few words, no nested unbounded repeats), so
// matching stays linear on hostile input.
import { MSG } from '../../../shared/messages';
import { viewsOf } from './text-views';

/** Stored in the database: keep the ids stable. Ordered from most to least serious. */
export const SCAM_SIGNALS = [
  'advance-payment',
  'money-transfer',
  'voucher-payment',
  'crypto-payment',
  'abroad-delivery',
  'foreign-phone',
  'external-link',
] as const;
export type ScamSignal = (typeof SCAM_SIGNALS)[number];

const WARNINGS: Record<ScamSignal, string> = {
  'advance-payment': 'This asks for payment before you see the item.',
  'money-transfer': 'This mentions payment by Western Union or MoneyGram.',
  'voucher-payment': 'This mentions payment in airtime or gift cards.',
  'crypto-payment': 'This mentions payment in cryptocurrency.',
  'abroad-delivery': 'This says the item will be sent from abroad.',
  'foreign-phone': 'This gives a phone number from outside Zimbabwe.',
  'external-link': 'This links to another website.',
};

/** The caution readers see, or null. Unknown ids (from older rule sets) are ignored. */
export function safetyWarningFor(signals: readonly string[]): string | null {
  const first = SCAM_SIGNALS.find((signal) => signals.includes(signal));
  return first ? `${WARNINGS[first]} ${MSG.safety.neverPayFirst}` : null;
}

// ---------------------------------------------------------------------------------------------------
// Phrase rules, matched on `words`. A match does not count when the clause before it negates it
// ("we never ask for a deposit before viewing", "no Western Union") or, for payment demands, when the
// writer offers to pay ("I can pay a deposit to hold it", "do I need to pay before viewing?").

/** Up to n whole words inside one clause. */
const gap = (n: number) => `(?:[a-z0-9$%]{1,20} ){0,${n}}`;
const rx = (source: string) => new RegExp(source, 'g');

const NEGATORS = new Set(
  'no not never dont doesnt didnt wont cant cannot without beware avoid nor neither refuse isnt arent shouldnt hapana'.split(
    ' ',
  ),
);
// Words that may stand between a negator and the phrase it negates.
const FILLERS = new Set(
  (
    'a an the any ask asks asking asked for need needed needs to i we you me us do does accept accepts ' +
    'accepted take takes use using via by through with pay paying payment payments send sending require ' +
    'required requires want wants of charge charges charging request requesting money people person who ' +
    'anyone someone scammers scammer fake is are be will ever or and in western union moneygram gift card ' +
    'cards airtime crypto bitcoin please such as like make made it this that sms'
  ).split(' '),
);
const BUYER_OFFER =
  /(?:^| )(?:(?:i|we) (?:can|could|will|would|shall)|ill|(?:can|could|should|do|must|shall) (?:i|we)(?: need to| have to)?|(?:i am|im|we are) (?:willing|happy|ready|able) to)(?: also| even| still| happily| gladly)?(?: (?:pay|send|transfer|a|an|the|you|some|small|full|money)){0,4} $/;
const AFTER_SEEING = new RegExp(
  `^ ${gap(3)}(?:after|once|when|on) (?:you )?(?:have )?(?:view\\w*|see|seen|seeing|inspect\\w*|collect\\w*|deliver\\w*)\\b`,
);

interface PhraseRule {
  signal: ScamSignal;
  phrases: RegExp[];
  /** A payment demand: ignore the writer's own offer to pay and "... after viewing". */
  demand?: boolean;
}

const PAY = '(?:deposits?|fees?|payments?|pay|paid|paying|money)';
const FIRST = '(?:first|upfront|up front|in advance|beforehand|before hand)';
const VOUCHER =
  '(?:airtime|recharge(?: cards?| vouchers?| pins?)?|gift ?cards?|gift vouchers?|itunes(?: cards?)?)';
const BRANDED_CARD =
  '(?:(?:itunes|google ?play|play ?store|steam|razer gold|vanilla|ebay|sephora|xbox|psn) (?:gift )?|(?:amazon|apple) gift )(?:cards?|vouchers?|codes?)';

const PHRASE_RULES: PhraseRule[] = [
  {
    signal: 'advance-payment',
    demand: true,
    phrases: [
      // "deposit before viewing", "pay before I send", "payment before delivery"
      rx(
        String.raw`\b${PAY} ${gap(5)}(?:before|prior to|ahead of) ${gap(3)}(?:view\w*|see|seeing|seen|inspect\w*|deliver\w*|meet|meeting|ship\w*|dispatch\w*|(?:i|we) (?:send|ship|deliver|post|bring))\b`,
      ),
      // "a deposit to reserve", "pay $20 to secure it"
      rx(String.raw`\b${PAY} ${gap(4)}(?:to|and|in order to) (?:reserve|secure|hold|lock)\b`),
      rx(
        String.raw`\b(?:reserve|secure) (?:it|yours|one|them|the \w+|your \w+) (?:with|by paying|by sending)\b`,
      ),
      // "send me the deposit", "ecocash the reservation"
      rx(
        String.raw`\b(?:send|sent|transfer|ecocash|forward) (?:me |us )?(?:(?:the|a|an|your|my|some|small|little|token) ){0,3}(?:deposit|reservation|commitment|advance|holding fee)\b`,
      ),
      // "pay first", "pay the deposit upfront" (not "rent paid in advance": a lease, signed after viewing;
      // not "pay on collection first come first served")
      rx(
        String.raw`(?<!\brent(?:als?)? (?:[^ ]{1,15} ){0,2})\b(?:pay|payment|paid) (?:(?!on |at |after |when |upon |cash )[a-z0-9$%]{1,20} ){0,3}${FIRST}\b`,
      ),
      rx(
        String.raw`\b(?:send|transfer|ecocash) (?:me |us )?(?:the |your |a )?(?:money|deposit|payment|cash|amount|fee) ${FIRST}\b`,
      ),
      rx(
        String.raw`\b(?:money|fee|fees) ${FIRST}\b|\bsend (?:me |us )?(?:\$\d+|\d+%|half|\d+ ?(?:usd|dollars)) ${FIRST}\b`,
      ),
      rx(String.raw`\b(?:advance|upfront|up front) payment\b|\bpre ?payment\b`),
      // "I will deliver once you pay"
      rx(
        String.raw`\b(?:(?:i|we) (?:will |shall |can |would )?|ill |well )(?:only )?(?:deliver|send|ship|dispatch|post|release|courier|bring)\w*(?: it| them| the \w+| your \w+)?(?: to you)? (?:after|once|when|as soon as) (?:you |i |we )?(?:have )?(?:pay|paid|payment|receiv\w* (?:the |your )?(?:payment|money|deposit)|get (?:the |your )?(?:payment|money|deposit)|send (?:the )?money)\b`,
      ),
      rx(String.raw`\b(?:viewing|reservation|holding|commitment|reserve) fees?\b`),
      // "send me $10 for transport and I will bring it"
      rx(
        String.raw`\bsend (?:me |us )?(?:\$\d+|\d+ ?(?:usd|dollars|zig)|money|cash|something) (?:[a-z]+ )?for (?:transport|fuel|bus fare)\b`,
      ),
      // Shona and Ndebele: "tumira mari kutanga" (send money first), "bhadhara kutanga" (pay first)
      rx(
        String.raw`\b(?:tumira|tumirai|thumela) ${gap(2)}(?:mari|imali|deposit|dhipoziti) ${gap(2)}(?:kutanga|pamberi|kuqala)\b`,
      ),
      rx(String.raw`\b(?:bhadhara|bhadharai|badhara|bhadala|bhadhala) ${gap(2)}(?:kutanga|pamberi|kuqala)\b`),
    ],
  },
  {
    signal: 'money-transfer',
    phrases: [
      rx(String.raw`\b(?:western ?union|money ?gram|ria money transfer)\b`),
      rx(String.raw`\b(?:via|by|through|use|using|with|send|sent|pay|payment|transfer|or|and) (?:wu|w u)\b`),
      rx(String.raw`\bwu (?:or|and) (?:mg|money ?gram)\b`),
    ],
  },
  {
    signal: 'voucher-payment',
    phrases: [
      rx(String.raw`\b${BRANDED_CARD}\b`),
      // "pay with airtime", "payment via EcoCash or airtime"
      rx(String.raw`\b${PAY} ${gap(3)}(?:in|with|using|via|by|through) ${gap(3)}${VOUCHER}\b`),
      // "send me $10 airtime", "buy me airtime"
      rx(String.raw`\b(?:send|sms|buy|recharge|load|top up|topup|give) (?:me|us) ${gap(3)}${VOUCHER}\b`),
      // "airtime as deposit", "gift cards for payment", "airtime accepted"
      rx(
        String.raw`\b${VOUCHER} ${gap(2)}(?:as|for) (?:the |a |your |my )?(?:payment|deposit|fee|reservation|transport|booking)\b`,
      ),
      rx(String.raw`\b${VOUCHER} (?:is |are )?accepted\b|\baccept(?:ed|ing|s)? ${VOUCHER}\b`),
      rx(String.raw`\b(?:airtime|recharge) (?:pins?|cards?|vouchers?) to (?:me|my|us|our)\b`),
    ],
  },
  {
    signal: 'crypto-payment',
    phrases: [
      rx(
        String.raw`\b(?:bit ?coins?|btc|usdt|ethereum|litecoin|dogecoin|binance|trc ?20|erc ?20|crypto(?:currency|currencies|s)?|(?:trust|crypto|bitcoin|usdt) wallet|wallet address)\b`,
      ),
    ],
  },
  {
    signal: 'abroad-delivery',
    phrases: [
      rx(
        String.raw`\b(?:deliver|ship|send|sent|post|dispatch|courier)\w* ${gap(3)}from (?:abroad|overseas|outside the country|outside zimbabwe)\b`,
      ),
      rx(String.raw`\bdiplomat(?:ic)? (?:agent|courier|delivery|bag|box|package|parcel)\b`),
    ],
  },
];

function dismissed(words: string, start: number, end: number, demand: boolean): boolean {
  const window = words.slice(Math.max(0, start - 100), start);
  const clause = window.slice(Math.max(window.lastIndexOf('.'), window.lastIndexOf(',')) + 1);
  if (demand) {
    if (BUYER_OFFER.test(clause)) return true;
    const after = words.slice(end, end + 80);
    if (AFTER_SEEING.test(after.split(/ [.,]/, 1)[0] ?? '')) return true;
  }
  const before = clause.split(' ').filter(Boolean);
  for (let i = before.length - 1; i >= Math.max(0, before.length - 8); i--) {
    const token = before[i] as string;
    if (NEGATORS.has(token)) return true;
    if (!FILLERS.has(token)) return false;
  }
  return false;
}

function phraseMatches(rule: PhraseRule, words: string): boolean {
  for (const phrase of rule.phrases) {
    for (const m of words.matchAll(phrase)) {
      if (!dismissed(words, m.index, m.index + m[0].length, rule.demand ?? false)) return true;
    }
  }
  return false;
}

// Names spelt with spaces or dots only show up in `squashed`; more hits there than in `words` means
// someone hid one (and hiding it is the signal, so no negation check).
const HIDDEN_NAMES: { signal: ScamSignal; squashed: RegExp; words: RegExp }[] = [
  { signal: 'money-transfer', squashed: /westernunion/g, words: /western ?union/g },
  { signal: 'money-transfer', squashed: /moneygram/g, words: /money ?gram/g },
  { signal: 'crypto-payment', squashed: /bitcoin/g, words: /bit ?coin/g },
];
const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

// A seller who says they are abroad and that a courier or shipping company will bring the item.
// Either half alone is ordinary: diaspora buyers ("I'm in the UK, my brother will collect") and
// local couriers ("we courier to Bulawayo via Swift").
const PLACES =
  'uk|u k|united kingdom|england|britain|london|manchester|birmingham|scotland|ireland|usa|united states|america|the us|canada|australia|new zealand|dubai|uae|qatar|saudi|saudi arabia|kuwait|oman|nigeria|lagos|abuja|ghana|accra|cameroon|china|india|germany|france|italy|spain|netherlands|europe|malaysia|turkey|russia';
const SELF_ABROAD = new RegExp(
  String.raw`\b(?:i am|im|we are|i live|we live|i work|we work|i stay|i reside|i relocated|i moved|i travelled|i traveled|based|living|working|staying|currently|presently) (?:(?:currently|presently|now|based|living|working|staying|away|out) ){0,2}(?:abroad|overseas|out of (?:the )?country|outside (?:the country|zimbabwe|zim)|not in (?:the country|zimbabwe|zim)|(?:in|to) (?:the )?(?:${PLACES}))\b`,
);
const COURIER =
  /\b(?:(?:courier|shipping|delivery|diplomatic) (?:company|agent|service|firm)|courier (?:will|would|shall) (?:deliver|bring)|dhl|fedex|aramex|(?:ship|send|deliver|post|dispatch|courier)\w* (?:it |them |the \w+ |your \w+ )?to you(?:r)?\b|customs (?:clearance|fee|fees|duty)|clearance fees?)/;

// ---------------------------------------------------------------------------------------------------
// Phone numbers and links, matched on `text`.

const PLUS_NUMBER = /(?<![\w+])\+[ (]{0,2}[1-9](?:[ .\-()]{0,2}\d){7,18}/g;
// 00 + country code; not after a digit, decimal point or time ("10:00").
const ZERO_ZERO_NUMBER = /(?<![\w+.,:/$])00 ?[1-9](?:[ .\-()]{0,2}\d){8,18}/g;
// WhatsApp click-to-chat links carry a number, not another site.
const WHATSAPP_LINK =
  /(?:https?:\/\/)?(?:www\.)?(?:wa\.me\/|(?:api\.)?whatsapp\.com\/send\/?\?phone=)\+?(\d[\d-]{5,18})/g;

/** Zimbabwe is +263; a bare 7xx xxx xxx after '+' is a Zimbabwean mobile missing its country code. */
const isLocal = (digits: string) =>
  digits.startsWith('263') || digits.startsWith('0') || (digits.length === 9 && digits.startsWith('7'));

function hasForeignPhone(text: string): boolean {
  for (const m of text.matchAll(PLUS_NUMBER)) if (!isLocal(m[0].replace(/\D/g, ''))) return true;
  for (const m of text.matchAll(ZERO_ZERO_NUMBER))
    if (!isLocal(m[0].replace(/\D/g, '').slice(2))) return true;
  for (const m of text.matchAll(WHATSAPP_LINK)) if (!isLocal((m[1] ?? '').replace(/\D/g, ''))) return true;
  return false;
}

const DOTS = /\s*[[({]\s*(?:\.|dot)\s*[\])}]\s*|\s+(?:dot|\.)\s+(?=(?:com|net|org|ly|me|co)\b)/g; // bit[.]ly, bit . ly, x dot com
const SCHEME_URL = /\b(?:https?|hxxps?|ftp):\/\/\S/;
const WWW_URL = /(?<![\w@.-])www\d{0,3}\.[a-z0-9-]/;
// A bare domain: only real-looking top-level domains, so "sale.Comes with" or a missing space after a
// full stop is not a link. Emails are skipped by not starting after '@'.
const BARE_DOMAIN =
  /(?<![\w@.\-/])([a-z0-9][a-z0-9.-]{0,250}?)\.(?:com|net|org|biz|io|ly|xyz|ru|cn|co\.(?:zw|za|uk)|org\.zw|ac\.zw|gov\.zw)(?![\w-])/g;
const DOMAIN_WITH_PATH =
  /(?<![\w@.\-/])([a-z0-9][a-z0-9.-]{0,250}?)\.(?:me|gl|to|cc|co|gg|link|site|shop|store|online|app|page|info|tv|be|im|us|ws|tk|ml|ga|la|zw|za|uk|ng)\/\S/g;

function hasExternalLink(text: string): boolean {
  const rest = text.replace(DOTS, '.').replace(WHATSAPP_LINK, ' ');
  if (SCHEME_URL.test(rest) || WWW_URL.test(rest)) return true;
  // A name needs a letter: "$300.Net price" is a price and a missing space.
  const named = (m: RegExpMatchArray) => /[a-z]/.test(m[1] ?? '');
  return [BARE_DOMAIN, DOMAIN_WITH_PATH].some((pattern) => [...rest.matchAll(pattern)].some(named));
}

// ---------------------------------------------------------------------------------------------------

/** The scam patterns a post's or comment's text matches: distinct, in SCAM_SIGNALS order. */
export function detectScamSignals(text: string): ScamSignal[] {
  const { text: plain, words, squashed } = viewsOf(text);
  const found = new Set<ScamSignal>();
  for (const rule of PHRASE_RULES) if (phraseMatches(rule, words)) found.add(rule.signal);
  for (const name of HIDDEN_NAMES) {
    if (count(squashed, name.squashed) > count(words, name.words)) found.add(name.signal);
  }
  if (SELF_ABROAD.test(words) && COURIER.test(words)) found.add('abroad-delivery');
  if (hasForeignPhone(plain)) found.add('foreign-phone');
  if (hasExternalLink(plain)) found.add('external-link');
  return SCAM_SIGNALS.filter((signal) => found.has(signal));
}
