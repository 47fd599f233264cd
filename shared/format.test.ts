import { afterEach, describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  displayTimeZone,
  formatCount,
  formatMoney,
  formatPostingDate,
  formatPrice,
  formatRelativeTime,
  initials,
  plural,
  setDisplayTimeZone,
} from './format';

// 2026-11-21 10:00 in Singapore (UTC+8), a Saturday.
const now = new Date('2026-11-21T02:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;
const W = 7 * D;

describe('formatRelativeTime', () => {
  it.each([
    [0, 'now'],
    [59 * S, 'now'],
    [59 * S + 999, 'now'],
    [60 * S, '1m'],
    [59 * M + 59 * S, '59m'],
    [60 * M, '1h'],
    [23 * H + 59 * M, '23h'],
    [24 * H, '1d'],
    [6 * D + 23 * H, '6d'],
    [7 * D, '1w'],
    [3 * W + 6 * D, '3w'],
  ])('%d ms ago reads %s', (ms, expected) => {
    expect(formatRelativeTime(ago(ms), now)).toBe(expected);
  });

  it('shows a short date from 4 weeks on, without the year in the current year', () => {
    expect(formatRelativeTime(ago(4 * W), now)).toBe('Oct 24');
    expect(formatRelativeTime('2026-03-05T04:00:00.000Z', now)).toBe('Mar 5');
  });

  it('adds the year when it differs from the current one', () => {
    expect(formatRelativeTime('2024-03-05T04:00:00.000Z', now)).toBe('Mar 5, 2024');
  });

  it('decides the year in Singapore time, not UTC', () => {
    // 2026-01-01 07:00 in Singapore is still 2025-12-31 in UTC.
    const newYear = new Date('2026-01-30T00:00:00.000Z');
    expect(formatRelativeTime('2025-12-31T23:00:00.000Z', newYear)).toBe('Jan 1');
    expect(formatRelativeTime('2025-12-31T15:59:00.000Z', newYear)).toBe('Dec 31, 2025');
  });

  it('accepts ISO strings and reads a future time (clock skew) as now', () => {
    expect(formatRelativeTime(ago(5 * M).toISOString(), now)).toBe('5m');
    expect(formatRelativeTime(new Date(now.getTime() + 30 * S), now)).toBe('now');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});

describe('formatPostingDate', () => {
  it('formats in Asia/Singapore, en-US', () => {
    expect(formatPostingDate('2024-03-05T07:04:00.000Z')).toBe('Mar 5, 2024, 3:04 PM');
    expect(formatPostingDate('2024-03-05T16:30:00.000Z')).toBe('Mar 6, 2024, 12:30 AM');
  });
});

describe('another display time zone (the DISPLAY_TIME_ZONE setting)', () => {
  afterEach(() => setDisplayTimeZone('Asia/Singapore'));

  it('is Asia/Singapore until set', () => {
    expect(displayTimeZone()).toBe('Asia/Singapore');
  });

  it('shows posting dates in Harare, 6 hours behind Singapore, across the date boundary', () => {
    expect(setDisplayTimeZone('Africa/Harare')).toBe('Africa/Harare');
    expect(displayTimeZone()).toBe('Africa/Harare');
    expect(formatPostingDate('2024-03-05T07:04:00.000Z')).toBe('Mar 5, 2024, 9:04 AM');
    // 12:30 AM on Mar 6 in Singapore is still Mar 5 in Harare.
    expect(formatPostingDate('2024-03-05T16:30:00.000Z')).toBe('Mar 5, 2024, 6:30 PM');
    // 21:59 UTC: Mar 5 in Harare (11:59 PM), Mar 6 in Singapore.
    expect(formatPostingDate('2024-03-05T21:59:00.000Z')).toBe('Mar 5, 2024, 11:59 PM');
    setDisplayTimeZone('Asia/Singapore');
    expect(formatPostingDate('2024-03-05T21:59:00.000Z')).toBe('Mar 6, 2024, 5:59 AM');
  });

  it('decides short dates and the year in that zone', () => {
    setDisplayTimeZone('Africa/Harare');
    // 2026-01-01 04:00 in Singapore is still 2025-12-31 (22:00) in Harare.
    const newYear = new Date('2026-01-30T00:00:00.000Z');
    expect(formatRelativeTime('2025-12-31T20:00:00.000Z', newYear)).toBe('Dec 31, 2025');
    expect(formatRelativeTime('2025-12-31T22:00:00.000Z', newYear)).toBe('Jan 1');
    expect(formatRelativeTime('2026-03-05T20:00:00.000Z', now)).toBe('Mar 5');
    setDisplayTimeZone('Asia/Singapore');
    expect(formatRelativeTime('2025-12-31T20:00:00.000Z', newYear)).toBe('Jan 1');
    expect(formatRelativeTime('2026-03-05T20:00:00.000Z', now)).toBe('Mar 6');
  });

  it('refuses a zone the runtime does not know and keeps the current one', () => {
    setDisplayTimeZone('Africa/Harare');
    for (const zone of ['Mars/Olympus', '', '+02:00', 'Africa/Harare<script>']) {
      expect(() => setDisplayTimeZone(zone)).toThrow(RangeError);
    }
    expect(displayTimeZone()).toBe('Africa/Harare');
    expect(formatPostingDate('2024-03-05T07:04:00.000Z')).toBe('Mar 5, 2024, 9:04 AM');
  });

  it('names a zone as Intl does, or null', () => {
    expect(canonicalTimeZone('asia/singapore')).toBe('Asia/Singapore');
    expect(canonicalTimeZone('Africa/Harare')).toBe('Africa/Harare');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Mars/Olympus')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
    expect(canonicalTimeZone('+02:00')).toBeNull();
  });
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1K'],
    [1049, '1K'],
    [1050, '1.1K'],
    [1500, '1.5K'],
    [12_345, '12.3K'],
    [999_949, '999.9K'],
    [999_950, '1M'],
    [999_999, '1M'],
    [1_000_000, '1M'],
    [1_250_000, '1.3M'],
    [12_000_000, '12M'],
  ])('%d reads %s', (count, expected) => {
    expect(formatCount(count)).toBe(expected);
  });

  it('never shows a negative or non-numeric count', () => {
    expect(formatCount(-3)).toBe('0');
    expect(formatCount(Number.NaN)).toBe('0');
  });
});

describe('money', () => {
  it('prefixes $ once', () => {
    expect(formatMoney('250')).toBe('$250');
    expect(formatMoney(' $250 ')).toBe('$250');
  });

  it('says per item for a product and per hour for a service', () => {
    expect(formatPrice('250', 'product')).toBe('$250 per item');
    expect(formatPrice('15', 'service')).toBe('$15 per hour');
  });

  it.each([
    ['1500000', 'product', '$1,500,000 per item'],
    ['1,500,000', 'product', '$1,500,000 per item'],
    ['1 500 000', 'product', '$1,500,000 per item'],
    ['$1500', 'product', '$1,500 per item'],
    ['$ 1500', 'product', '$1,500 per item'],
    ['999', 'product', '$999 per item'],
    ['25.50', 'service', '$25.50 per hour'],
    ['12345.5', 'product', '$12,345.5 per item'],
    ['Negotiable', 'service', 'Negotiable'],
    ['ZiG 5000', 'product', 'ZiG 5,000'],
    ['US$280', 'product', 'US$280'],
    ['US$1500000', 'product', 'US$1,500,000'],
    ['280 USD', 'product', '280 USD'],
    ['5000zig', 'product', '5,000zig'],
    ['50 per bag', 'product', '50 per bag'],
    ['$10 per kg', 'product', '$10 per kg'],
    ['Free', 'product', 'Free'],
    ['1,50', 'product', '1,50'],
    ['12 345 67', 'product', '12 345 67'],
    ['2024', 'product', '$2,024 per item'],
    ['  Swap for a phone  ', 'product', 'Swap for a phone'],
  ] as const)('%j reads %j', (value, type, expected) => {
    expect(formatPrice(value, type)).toBe(expected);
  });

  it.each([
    ['650', 'product', 'ZiG 650 per item'],
    ['1500000', 'product', 'ZiG 1,500,000 per item'],
    ['15', 'service', 'ZiG 15 per hour'],
    ['Negotiable', 'service', 'Negotiable'],
    ['ZiG 5000', 'product', 'ZiG 5,000'],
    // A '$' in a ZiG price is the seller's own wording, not a plain amount.
    ['$20', 'product', '$20'],
  ] as const)('%j in ZiG reads %j', (value, type, expected) => {
    expect(formatPrice(value, type, 'ZiG')).toBe(expected);
  });

  it('is linear on long input', () => {
    const long = `${'1 '.repeat(5000)}x`;
    const started = performance.now();
    expect(formatPrice(long, 'product')).toBe(long.trim());
    expect(formatPrice('9'.repeat(50), 'product')).toMatch(/^\$99,999,.* per item$/);
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('plural', () => {
  it('names one thing in the singular and any other count in the plural', () => {
    expect(plural(1, 'post')).toBe('1 post');
    expect(plural(0, 'post')).toBe('0 posts');
    expect(plural(12, 'post')).toBe('12 posts');
    expect(plural(2, 'reply', 'replies')).toBe('2 replies');
  });
});

describe('initials', () => {
  it.each([
    ['Tendai Moyo', 'TM'],
    ['tendai', 'T'],
    ['  rudo   chari  ncube ', 'RC'],
    ['', ''],
  ])('%s -> %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
