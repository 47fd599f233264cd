// The one id rule: ids are PostgreSQL integers, so a positive whole number up to 2^31-1, written in
// decimal without leading zeros ("007" is not an id). JSON bodies send numbers; paths, query strings,
// forms and multipart send the digits.
import { z } from 'zod';

export const MAX_ID = 2_147_483_647;
const ID_TEXT = /^[1-9]\d{0,9}$/;

/** The id written in `value`, or null when it is not one (checked before any call is made). */
export function parseId(value: string | null | undefined): number | null {
  if (!value || !ID_TEXT.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

const isId = (value: number) => Number.isInteger(value) && value > 0 && value <= MAX_ID;

/** An id as a JSON number or as digits (surrounding spaces ignored); anything else is `message`. */
export const idSchema = (message: string) =>
  z.union([z.number(message), z.string(message)], { error: message }).transform((value, ctx) => {
    const id = typeof value === 'number' ? (isId(value) ? value : null) : parseId(value.trim());
    if (id === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return id;
  });
