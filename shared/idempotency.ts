// create-post's Idempotency-Key (decision 026): the header the web sends with each attempt to create a
// post, kept across retries and the offline queue, so the server stores one post however often it
// arrives. The server validates it with this rule; the web makes keys that pass it.
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** 8 to 128 printable ASCII characters (space to tilde). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7e]{8,128}$/;

/** How long the server remembers a key's answer (the sweep in server/jobs.ts removes it after). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;
