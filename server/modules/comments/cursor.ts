// Opaque comment-list cursors (DESIGN §4): base64url of the last row's exact time and id.
import { badRequest } from '../../errors';
import type { CommentCursor } from './repo';

const POSITION = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
// No comment was written before 1970; PostgreSQL refuses year 0 outright (a 500 before this check).
const MIN_YEAR = 1970;
export const INVALID_CURSOR = 'Invalid cursor';

export const encodeCursor = (cursor: CommentCursor) =>
  Buffer.from(JSON.stringify([cursor.position, cursor.id])).toString('base64url');

// Shape, era and calendar: "0000-..." or "2024-02-30..." would reach PostgreSQL as a 500 otherwise.
const isPosition = (value: unknown): value is string =>
  typeof value === 'string' &&
  POSITION.test(value) &&
  Number(value.slice(0, 4)) >= MIN_YEAR &&
  new Date(`${value.slice(0, 19)}Z`).toISOString().slice(0, 19) === value.slice(0, 19);

/** The cursor, or a 400 for anything this server did not hand out. */
export function decodeCursor(value: string): CommentCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [position, id] = parsed;
      if (isPosition(position) && Number.isInteger(id) && id > 0 && id <= 2_147_483_647)
        return { position, id };
    }
  } catch {
    // Not JSON: fall through to the 400.
  }
  throw badRequest(INVALID_CURSOR, { cursor: INVALID_CURSOR });
}
