// Which API answers a browser, a proxy or the service worker may keep (decision 044). One marker both
// ends read: an answer that is the same for every reader says `public` (and `no-cache`: revalidated on
// every use, so a post taken down is never served from a cache while the server answers); every other
// /api answer is `private, no-store`, set by default on the server (plugins/security.ts).

/** An answer that is the same whoever asks: anyone may store it, nobody may use it unrevalidated. */
export const PUBLIC_ANSWER = 'public, no-cache';
/** An answer that depends on who asks (the reader's own data, an owner's or a moderator's view). */
export const PRIVATE_ANSWER = 'private, no-store';

/** Whether a Cache-Control header marks an answer public (and nothing in it forbids storing it). */
export const isPublicAnswer = (cacheControl: string | null | undefined): boolean =>
  /\bpublic\b/i.test(cacheControl ?? '') && !/\b(private|no-store)\b/i.test(cacheControl ?? '');
