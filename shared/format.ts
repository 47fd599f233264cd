// How dates, counts, money and names are shown (spec §9). Every screen formats through here so the
// same value always reads the same way. Functions that depend on the clock take `now` for testing.
import { type Currency, DEFAULT_CURRENCY, DISPLAY_LOCALE, DISPLAY_TIME_ZONE, type PostType } from './catalog';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

// The zone dates are shown in: the spec's (catalog DISPLAY_TIME_ZONE) unless the server is set to
// another (the DISPLAY_TIME_ZONE setting). The server sets it at start, the web app before its first
// render from the page's <meta name="display-time-zone">. Each formatter is made when first used, once
// per zone: the first costs a phone tens of milliseconds (the runtime loads its locale and zone data),
// and a feed of recent posts ('3h') needs none before the reader asks for a full date.
const DATE_FORMATS = {
  postingDate: { dateStyle: 'medium', timeStyle: 'short' },
  shortDate: { month: 'short', day: 'numeric' },
  shortDateWithYear: { month: 'short', day: 'numeric', year: 'numeric' },
  yearOnly: { year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

let zone: string = DISPLAY_TIME_ZONE;
let formats: Partial<Record<keyof typeof DATE_FORMATS, Intl.DateTimeFormat>> = {};

function dateFormat(name: keyof typeof DATE_FORMATS): Intl.DateTimeFormat {
  formats[name] ??= new Intl.DateTimeFormat(DISPLAY_LOCALE, { timeZone: zone, ...DATE_FORMATS[name] });
  return formats[name];
}

/** An IANA name, not an offset ('+02:00'): what every browser's Intl takes as well as Node's. */
const ZONE_NAME = /^[A-Za-z][\w+\-/]*$/;

/**
 * The zone as Intl names it ('asia/singapore' -> 'Asia/Singapore'), or null when `value` is not an IANA
 * time zone name this runtime knows.
 */
export function canonicalTimeZone(value: string): string | null {
  if (!ZONE_NAME.test(value)) return null;
  try {
    return new Intl.DateTimeFormat(DISPLAY_LOCALE, { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * Shows every date from now on in `timeZone` (an IANA name); returns the zone as Intl names it. Throws
 * a RangeError for a zone the runtime does not know, and keeps the current one.
 */
export function setDisplayTimeZone(timeZone: string): string {
  if (timeZone !== zone) {
    const known = canonicalTimeZone(timeZone);
    if (!known) throw new RangeError(`Not a time zone this runtime knows: ${timeZone}`);
    zone = known;
    formats = {};
  }
  return zone;
}

/** The zone dates are shown in, e.g. 'Asia/Singapore'. */
export function displayTimeZone(): string {
  return zone;
}

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/**
 * 'now' under a minute, then '5m', '3h', '2d' (under 7 days), '3w' (under 4 weeks), then a short
 * date ('Mar 5'), with the year when it is not the current one ('Mar 5, 2024'). Years and dates are
 * those of the display time zone. A time in the future (clock skew) reads 'now'.
 */
export function formatRelativeTime(value: Date | string | number, now: Date = new Date()): string {
  const date = toDate(value);
  const elapsed = now.getTime() - date.getTime();
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE) return 'now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h`;
  if (elapsed < WEEK) return `${Math.floor(elapsed / DAY)}d`;
  if (elapsed < 4 * WEEK) return `${Math.floor(elapsed / WEEK)}w`;
  const yearOnly = dateFormat('yearOnly');
  const sameYear = yearOnly.format(date) === yearOnly.format(now);
  return dateFormat(sameYear ? 'shortDate' : 'shortDateWithYear').format(date);
}

/** The posting date of a post, e.g. 'Mar 5, 2024, 3:04 PM' (en-US, in the display time zone). */
export function formatPostingDate(value: Date | string | number): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat('postingDate').format(date);
}

/** 999 -> '999', 1000 -> '1K', 1500 -> '1.5K', 999_950 -> '1M', 1_250_000 -> '1.3M' (one decimal, rounded). */
export function formatCount(count: number): string {
  if (!Number.isFinite(count)) return '0';
  const n = Math.max(0, Math.round(count));
  if (n < 1000) return String(n);
  const thousands = Math.round(n / 100) / 10;
  if (thousands < 1000) return `${trimZero(thousands)}K`;
  return `${trimZero(Math.round(n / 100_000) / 10)}M`;
}

const trimZero = (value: number) => value.toFixed(1).replace(/\.0$/, '');

/** '1 post', '3 posts', '0 posts': a count with its noun (`many` for irregular plurals). */
/** '820 KB', '3.4 MB': upload progress and the data a session used. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(0, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

// Prices and rates are free text (spec §5). The spec's '$25 per item' / '$15 per hour' is for a plain
// amount; anything else ('Negotiable', 'ZiG 5000', 'US$280', '50 per bag') is the seller's own wording
// and shows as written, never with a second currency or unit (decision 016).

/** An amount: digits, thousands grouped by commas or spaces or not at all, and cents. */
const AMOUNT = /^(\d{1,3}(?:,\d{3})+|\d{1,3}(?: \d{3})+|\d+)(\.\d{1,2})?$/;
/** An amount with a currency before or after it and nothing else: 'ZiG 5000', 'US$280', '280 USD'. */
const CURRENCY_AMOUNT =
  /^(US\$|USD|ZiG|ZWG|ZAR|R)(\s?)([\d,]+(?: \d{3})*(?:\.\d{1,2})?)$|^([\d,]+(?: \d{3})*(?:\.\d{1,2})?)(\s?)(USD|ZiG|ZWG|ZAR)$/i;
const MAX_PRICE_TEXT = 100;

/** '1500000' -> '1,500,000' (cents kept), or null when `text` is not an amount. */
function groupedAmount(text: string): string | null {
  const match = AMOUNT.exec(text);
  if (!match) return null;
  const whole = (match[1] ?? '').replace(/[, ]/g, '');
  return whole.replace(/\B(?=(\d{3})+$)/g, ',') + (match[2] ?? '');
}

/**
 * A plain amount, grouped, else null: in US dollars with or without a '$' in front ('250', '$1,500',
 * '25.50'); in ZiG only a bare number (a '$' there is the seller's own wording).
 */
function plainAmount(value: string, currency: Currency = DEFAULT_CURRENCY): string | null {
  if (value.length > MAX_PRICE_TEXT) return null;
  if (currency !== 'USD') return groupedAmount(value);
  return groupedAmount(value.startsWith('$') ? value.slice(1).trim() : value);
}

/** How a plain amount reads in each currency: '$25', 'ZiG 650'. */
const CURRENCY_FORMS: Record<Currency, (amount: string) => string> = {
  USD: (amount) => `$${amount}`,
  ZiG: (amount) => `ZiG ${amount}`,
};

/**
 * A price or rate for display: a plain amount gets the '$' prefix and grouped thousands ('1500000' ->
 * '$1,500,000'); an amount in another currency is grouped and keeps its currency ('ZiG 5000' ->
 * 'ZiG 5,000'); any other text is shown as written ('Negotiable', '50 per bag').
 */
export function formatMoney(value: string, currency: Currency = DEFAULT_CURRENCY): string {
  const text = value.trim();
  const plain = plainAmount(text, currency);
  if (plain !== null) return CURRENCY_FORMS[currency](plain);
  const match = text.length <= MAX_PRICE_TEXT ? CURRENCY_AMOUNT.exec(text) : null;
  if (match) {
    const [, before, gapBefore, amountBefore, amountAfter, gapAfter, after] = match;
    const amount = groupedAmount((amountBefore ?? amountAfter ?? '').trim());
    if (amount !== null) return before ? `${before}${gapBefore}${amount}` : `${amount}${gapAfter}${after}`;
  }
  return text;
}

/**
 * '$250 per item' for a product, '$15 per hour' for a service, 'ZiG 650 per item' in ZiG (issue 14):
 * the unit only follows a plain amount; other text is the seller's wording, as formatMoney gives it.
 */
export function formatPrice(value: string, type: PostType, currency: Currency = DEFAULT_CURRENCY): string {
  const money = formatMoney(value, currency);
  if (plainAmount(value.trim(), currency) === null) return money;
  return `${money} ${type === 'product' ? 'per item' : 'per hour'}`;
}

/** The first letters of up to two words of a name, upper-cased: 'Tendai Moyo' -> 'TM'. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toLocaleUpperCase(DISPLAY_LOCALE) ?? '')
    .join('');
}
