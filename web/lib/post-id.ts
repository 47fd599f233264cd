// Post ids in URLs (/posts/{postId}, /home?post=): what the API accepts, checked before any call.

const MAX_ID = 2_147_483_647;

/** A post id from a URL segment: a positive whole number within the database's id range, else null. */
export function parsePostId(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}
