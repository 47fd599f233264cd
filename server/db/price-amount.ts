// The amount a free-text price starts with, as a stored generated column (posts.price_amount) that the
// /home price order sorts on (decision 021). The price stays the seller's words; this only reads a
// number at its start: '250', '$1,500', '25.50', 'ZiG 5 000', '50 per bag' -> 250, 1500, 25.50, 5000, 50;
// 'Negotiable' or 'From 20' -> null (not in the price order). PostgreSQL regular expressions (ARE),
// written without backslashes so the text is the same in TypeScript, the migration and psql.
import { sql } from 'drizzle-orm';

/** What may come before the number: '$', 'US$' or 'USD' on a dollar price, 'ZiG' or 'ZWG' on a ZiG one. */
const PREFIX = {
  USD: '(?:[$]|[Uu][Ss][$]|[Uu][Ss][Dd])?',
  ZiG: '(?:[Zz][Ii][Gg]|[Zz][Ww][Gg])?',
} as const;

/**
 * Digits with ',' or ' ' between groups of three ('1,500', '10 000'), or plain digits, then an optional
 * decimal part. The whole expression takes the longest match, so '1,500' is 1500 and '50 per bag' is 50.
 */
const NUMBER = '([0-9]{1,3}(?:[, ][0-9]{3})+(?:[.][0-9]+)?|[0-9]+(?:[.][0-9]+)?)';

const startsWith = (prefix: string) => `^[[:space:]]*${prefix}[[:space:]]*${NUMBER}`;

/** Prices up to a trillion: a longer run of digits is not a price, and is left out rather than stored. */
export const PRICE_MAX_DIGITS = 12;

const digits = `regexp_replace(substring(price from (case when currency = 'ZiG' then '${startsWith(PREFIX.ZiG)}' else '${startsWith(PREFIX.USD)}' end)), '[, ]', '', 'g')`;

/**
 * The generated column's expression (immutable: substring, regexp_replace, a cast, round). Cents are
 * kept (two places, rounded); more than PRICE_MAX_DIGITS whole digits (leading zeros aside) gives null,
 * so an absurd 50-digit price is simply not sortable and never makes a write fail.
 */
export const priceAmountSql = sql.raw(
  `case when length(ltrim(split_part(${digits}, '.', 1), '0')) <= ${PRICE_MAX_DIGITS} then round((${digits})::numeric, 2) end`,
);
