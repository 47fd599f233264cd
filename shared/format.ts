// How dates, counts, money and names are shown (spec §9). Every screen formats through here so the
// same value always reads the same way. Functions that depend on the clock take `now` for testing.
import { DISPLAY_LOCALE, DISPLAY_TIME_ZONE, type PostType } from './catalog';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

const shortDate = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
  timeZone: DISPLAY_TIME_ZONE,
  month: 'short',
  day: 'numeric',
});
const shortDateWithYear = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
  timeZone: DISPLAY_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const yearOnly = new Intl.DateTimeFormat(DISPLAY_LOCALE, { timeZone: DISPLAY_TIME_ZONE, year: 'numeric' });
const postingDate = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
  timeZone: DISPLAY_TIME_ZONE,
  dateStyle: 'medium',
  timeStyle: 'short',
});

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
  const sameYear = yearOnly.format(date) === yearOnly.format(now);
  return (sameYear ? shortDate : shortDateWithYear).format(date);
}

/** The posting date of a post, e.g. 'Mar 5, 2024, 3:04 PM' (Asia/Singapore, en-US). */
export function formatPostingDate(value: Date | string | number): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : postingDate.format(date);
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

/** A price or rate as typed (free text) with the '$' prefix: '250' -> '$250'; '$250' stays '$250'. */
export function formatMoney(value: string): string {
  const trimmed = value.trim();
  return trimmed.startsWith('$') ? trimmed : `$${trimmed}`;
}

/** '$250 per item' for a product, '$15 per hour' for a service. */
export function formatPrice(value: string, type: PostType): string {
  return `${formatMoney(value)} ${type === 'product' ? 'per item' : 'per hour'}`;
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
