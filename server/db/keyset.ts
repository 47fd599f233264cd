// Keyset pagination, one way for every list (feeds, search, comments): a page ends at the position
// (time, id) of its last row, and the next page starts strictly after it. The time travels as
// PostgreSQL's own microsecond UTC text, so a cursor never rounds it (a JavaScript Date would drop the
// microseconds and repeat or skip rows). A cursor is that position as opaque base64url text.
// The /home price order (decision 021) pages the same way on (price_amount, id), cheapest first, with
// cursors of its own: neither kind of cursor is read as the other.
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { MAX_ID } from '../../shared/ids';

export interface KeysetPosition {
  /** The row's time in UTC with microseconds: 2024-03-05T10:11:12.123456Z */
  at: string;
  id: number;
}

/** A timestamp column as position text, exact to the microsecond (select it beside the row). */
export const positionOf = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Rows strictly after `after` in newest-first (time desc, id desc) order; values may be placeholders. */
export const olderThan = (time: AnyPgColumn, id: AnyPgColumn, after: { at: unknown; id: unknown }): SQL =>
  sql`(${time}, ${id}) < (${after.at}::timestamptz, ${after.id}::int)`;

/** A position in the price order: the amount as PostgreSQL's numeric text (two places), and the id. */
export interface PricePosition {
  amount: string;
  id: number;
}

/** Rows strictly after `after` in cheapest-first (amount asc, id asc) order; values may be placeholders. */
export const pricierThan = (
  amount: AnyPgColumn,
  id: AnyPgColumn,
  after: { amount: unknown; id: unknown },
): SQL => sql`(${amount}, ${id}) > (${after.amount}::numeric, ${after.id}::int)`;

/** A position in a search's best-match order (decision 027): the integer score, then newest first. */
export interface RankPosition extends KeysetPosition {
  score: number;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const ID_TEXT = /^[1-9]\d{0,9}$/;
// posts.price_amount: at most 12 whole digits before rounding, so 13 after (db/price-amount.ts).
const AMOUNT_TEXT = /^\d{1,13}\.\d{2}$/;
const PRICE_TAG = 'price';
const RANK_TAG = 'rank';
// A score is at most 8 words x 107 (feed/ranked.ts).
const SCORE_TEXT = /^\d{1,4}$/;
// Nothing here happened before 1970; PostgreSQL refuses year 0 outright (a 500 before this check).
const MIN_YEAR = 1970;

export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(`${position.at}_${position.id}`, 'utf8').toString('base64url');
}

/** The position in a cursor, or undefined when the cursor was not made by encodeCursor. */
export function decodeCursor(cursor: string): KeysetPosition | undefined {
  if (cursor.length > 64 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  const [at = '', idText = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('_');
  return rest.length === 0 ? keysetPosition(at, idText) : undefined;
}

/** The position of a time and an id read from a cursor, or undefined when either is not one. */
function keysetPosition(at: string, idText: string): KeysetPosition | undefined {
  const id = Number(idText);
  if (!TIMESTAMP.test(at) || !ID_TEXT.test(idText) || id > MAX_ID) return undefined;
  if (Number(at.slice(0, 4)) < MIN_YEAR) return undefined;
  // A date that does not exist (Feb 30, 24:00) would make PostgreSQL fail; compare the round trip.
  const parsed = Date.parse(at);
  if (Number.isNaN(parsed) || new Date(parsed).toISOString().slice(0, 19) !== at.slice(0, 19))
    return undefined;
  return { at, id };
}

export function encodePriceCursor(position: PricePosition): string {
  return Buffer.from(`${PRICE_TAG}_${position.amount}_${position.id}`, 'utf8').toString('base64url');
}

/** The position in a price-order cursor, or undefined for anything else (a newest-first cursor too). */
export function decodePriceCursor(cursor: string): PricePosition | undefined {
  if (cursor.length > 64 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  const [tag, amount = '', idText = '', ...rest] = Buffer.from(cursor, 'base64url')
    .toString('utf8')
    .split('_');
  const id = Number(idText);
  if (
    tag !== PRICE_TAG ||
    rest.length > 0 ||
    !AMOUNT_TEXT.test(amount) ||
    !ID_TEXT.test(idText) ||
    id > MAX_ID
  )
    return undefined;
  return { amount, id };
}

export function encodeRankCursor(position: RankPosition): string {
  return Buffer.from(`${RANK_TAG}_${position.score}_${position.at}_${position.id}`, 'utf8').toString(
    'base64url',
  );
}

/** The position in a best-match cursor, or undefined for anything else (the other orders' too). */
export function decodeRankCursor(cursor: string): RankPosition | undefined {
  if (cursor.length > 80 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  const [tag, scoreText = '', at = '', idText = '', ...rest] = Buffer.from(cursor, 'base64url')
    .toString('utf8')
    .split('_');
  if (tag !== RANK_TAG || rest.length > 0 || !SCORE_TEXT.test(scoreText)) return undefined;
  const position = keysetPosition(at, idText);
  return position && { ...position, score: Number(scoreText) };
}
