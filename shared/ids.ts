// The one id rule: ids are PostgreSQL integers, so a positive whole number up to 2^31-1, written in
// decimal without leading zeros ("007" is not an id). JSON bodies send numbers; paths, query strings,
// forms and multipart send the digits. No zod here (the web reads ids from URLs without it); the
// request schema is idSchema in shared/validation.ts.

export const MAX_ID = 2_147_483_647;
const ID_TEXT = /^[1-9]\d{0,9}$/;

/** The id written in `value`, or null when it is not one (checked before any call is made). */
export function parseId(value: string | null | undefined): number | null {
  if (!value || !ID_TEXT.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

/** Whether a JSON number is an id. */
export const isId = (value: number) => Number.isInteger(value) && value > 0 && value <= MAX_ID;
