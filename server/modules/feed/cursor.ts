// Keyset cursors: an opaque base64url string holding the position (published_at, id) of the last post
// a page showed. published_at travels as PostgreSQL's own microsecond text, so a cursor never rounds
// the timestamp (a JavaScript Date would drop the microseconds and repeat or skip posts).
import { MSG } from '../../../shared/messages';
import { badRequest } from '../../errors';

export interface FeedPosition {
  /** published_at in UTC with microseconds: 2024-03-05T10:11:12.123456Z */
  publishedAt: string;
  id: number;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const MAX_ID = 2_147_483_647;
// No post was published before 1970; PostgreSQL refuses year 0 outright (a 500 before this check).
const MIN_YEAR = 1970;

export function encodeCursor(position: FeedPosition): string {
  return Buffer.from(`${position.publishedAt}_${position.id}`, 'utf8').toString('base64url');
}

/** The position in a cursor, or a 400 naming `field` when the cursor was not made by encodeCursor. */
export function decodeCursor(cursor: string, field: string): FeedPosition {
  const invalid = () => badRequest(MSG.errors.invalidInput, { [field]: MSG.errors.invalidInput });
  if (cursor.length > 64 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  const [publishedAt = '', idText = '', ...rest] = Buffer.from(cursor, 'base64url')
    .toString('utf8')
    .split('_');
  const id = Number(idText);
  if (rest.length > 0 || !TIMESTAMP.test(publishedAt) || !/^[1-9]\d{0,9}$/.test(idText) || id > MAX_ID)
    throw invalid();
  if (Number(publishedAt.slice(0, 4)) < MIN_YEAR) throw invalid();
  // A date that does not exist (Feb 30, 24:00) would make PostgreSQL fail; compare the round trip.
  const parsed = Date.parse(publishedAt);
  if (Number.isNaN(parsed) || new Date(parsed).toISOString().slice(0, 19) !== publishedAt.slice(0, 19))
    throw invalid();
  return { publishedAt, id };
}
