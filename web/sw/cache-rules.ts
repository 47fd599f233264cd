// What the service worker may keep for offline reading, and under which key (decision 025). Pure, so
// the rules are tested without a browser (cache-rules.test.ts) and read in one place.
//
// Privacy (decision 044): only answers the server marks public are kept (shared/answer-privacy.ts: the
// feeds, a post detail every visitor gets, published posts' images); an answer that depends on who
// asks (an owner's or a moderator's view, anything private) is never stored. A post detail is kept only
// while it is listed (not hidden, sold or expired). A copy follows the online answer: replaced when it
// changes, deleted with its thumbnails when it is no longer a public 200, dropped after 7 days; and the
// saved caches are emptied whenever the signed-in user changes or signs out (mustClearSaved).
import { isPublicAnswer } from '../../shared/answer-privacy';
import type { PostDetail } from '../../shared/api-types';
import { isCall } from '../../shared/contract/routes';

/** The precached app shell of one build; older versions are deleted when a new one activates. */
export const SHELL_CACHE_PREFIX = 'shell-';
export const shellCacheName = (version: string) => `${SHELL_CACHE_PREFIX}${version}`;
/** The HTML every app page starts from (any app path answers the same shell). */
export const SHELL_URL = '/';

/** Built files (hashed names, never changed): kept in the shell cache as they are first loaded. */
export const isBuiltAsset = (pathname: string) => pathname.startsWith('/assets/');

/** API answers the reader has seen; thumbnails of the posts in them. */
export const DATA_CACHE = 'saved-data-v1';
export const MEDIA_CACHE = 'saved-media-v1';
export const SAVED_CACHES = [DATA_CACHE, MEDIA_CACHE] as const;
/** Entries kept per saved cache; the oldest go first (about 2 MB of thumbnails at 20 kB each). */
export const SAVED_LIMITS = { [DATA_CACHE]: 150, [MEDIA_CACHE]: 120 } as const;

/** A page of the app (answered with the shell), as the server's not-found handler decides it. */
export function isAppPage(pathname: string): boolean {
  if (/^\/(api|media)(\/|$)/.test(pathname)) return false;
  if (pathname === '/healthz' || pathname === '/readyz' || pathname === '/sw.js') return false;
  return !/\.[^/]*$/.test(pathname);
}

/** A post detail's key (its first picture's thumbnail is saved with it). */
export const isDetailKey = (key: string) => isCall('post', 'GET', key);

/** The rolling feeds are POSTs whose form body is the cursor: the key needs the body. */
export const needsBody = (method: string, pathname: string) =>
  isCall('rollingFeedProducts', method, pathname) || isCall('rollingFeedServices', method, pathname);

const sortedQuery = (query: string) => {
  const params = new URLSearchParams(query);
  params.sort();
  const text = params.toString();
  return text ? `?${text}` : '';
};

/**
 * The cache key (a same-origin GET URL path) of an API read worth saving, or null for anything else
 * (writes, sign-in state, likes, comments, favourites, views, the owner's and moderators' lists).
 * `search` is the URL's query ('?…' or ''); `body` the form body of a rolling-feed POST.
 */
export function savedDataKey(method: string, pathname: string, search: string, body?: string): string | null {
  if (isCall('firstPayload', method, pathname)) return pathname;
  if (isCall('posts', method, pathname)) return `${pathname}${sortedQuery(search)}`;
  if (isCall('post', method, pathname)) return pathname;
  if (needsBody(method, pathname) && body !== undefined) return `${pathname}${sortedQuery(body)}`;
  return null;
}

/**
 * Whether a post detail is what any visitor would get: published, not kept back by moderation, not
 * sold and not expired (for those the owner gets more than others, or others get nothing).
 */
export function isPublicDetail(detail: PostDetail): boolean {
  const item = detail.Product ?? detail.Service;
  if (!item) return false;
  return item.isPublished && item.moderation === 'visible' && item.status !== 'sold' && !detail.expired;
}

/**
 * Whether the answer under `key` may be stored: a 200 the server marks public, and for a post detail
 * only a listed one (`body` is its parsed JSON).
 */
export function mayKeepData(
  key: string,
  status: number,
  cacheControl: string | null,
  body: unknown,
): boolean {
  if (status !== 200 || !isPublicAnswer(cacheControl)) return false;
  if (isDetailKey(key))
    return typeof body === 'object' && body !== null && isPublicDetail(body as PostDetail);
  return true;
}

const MEDIA_VARIANT = /^(\/media\/.+)-(thumb|medium|full)\.webp$/;

/**
 * How an image is handled: thumbnails are kept (the cards' size); a larger variant is not, but
 * offline it is answered with its kept thumbnail (`thumb`, the URL to look up).
 */
export function mediaRule(pathname: string): { keep: boolean; thumb: string } | null {
  const match = MEDIA_VARIANT.exec(pathname);
  if (!match) return null;
  return { keep: match[2] === 'thumb', thumb: `${match[1]}-thumb.webp` };
}

/** A thumbnail is kept only when the server served it as public (a draft's image is private). */
export const mayKeepMedia = (status: number, cacheControl: string | null) =>
  status === 200 && isPublicAnswer(cacheControl);

/**
 * What an answer the network gave does to the saved copy under its key: `keep` it (stored, replacing
 * the copy), `drop` the copy (and a detail's thumbnails: the post is gone, hidden, sold, expired or no
 * longer public), or `leave` it (the server is in trouble or busy: the copy stays for offline use, but
 * the reader still gets the server's answer).
 */
export function savedCopyFate(
  key: string,
  status: number,
  cacheControl: string | null,
  body: unknown,
): CopyFate {
  return fate(status, mayKeepData(key, status, cacheControl, body));
}

/** The same for a thumbnail's answer: a 404 (its post gone or no longer public) deletes the copy. */
export const mediaCopyFate = (status: number, cacheControl: string | null): CopyFate =>
  fate(status, mayKeepMedia(status, cacheControl));

export type CopyFate = 'keep' | 'drop' | 'leave';
const fate = (status: number, keepable: boolean): CopyFate =>
  status >= 500 || status === 408 || status === 429 ? 'leave' : keepable ? 'keep' : 'drop';

/** The thumbnails a saved post detail names (deleted with it). */
export function detailThumbs(body: unknown): string[] {
  const images = (body as { images?: unknown } | null)?.images;
  if (!Array.isArray(images)) return [];
  return images
    .map((image) => (image as { thumbUrl?: unknown } | null)?.thumbUrl)
    .filter((url): url is string => typeof url === 'string');
}

/** Saved copies older than this are dropped, never served (a post's week-old state is not its state). */
export const SAVED_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** The header each saved copy carries with the time it was saved (ms since the epoch). */
export const SAVED_AT_HEADER = 'x-saved-at';

/** Whether a copy saved at `savedAt` (the header's text) is too old to serve, or has no date. */
export function isStaleCopy(savedAt: string | null, now: number): boolean {
  const at = Number(savedAt);
  return savedAt === null || !Number.isFinite(at) || now - at > SAVED_MAX_AGE_MS || at > now + 60_000;
}

/**
 * What the page asks the worker to keep once it is active (issue 34): the API answers this visit read
 * before the worker controlled it, and the built files and thumbnails it loaded.
 */
export interface VisitAnswer {
  method: string;
  /** The same-origin URL asked for (path and query). */
  url: string;
  /** The form body of a rolling-feed POST. */
  body?: string;
  status: number;
  cacheControl: string | null;
  text: string;
}
export interface KeepVisitMessage {
  type: 'keep-visit';
  answers: VisitAnswer[];
  /** Same-origin paths of built files (/assets/...) and images the page loaded. */
  files: string[];
}
export const isKeepVisitMessage = (data: unknown): data is KeepVisitMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as { type?: unknown }).type === 'keep-visit' &&
  Array.isArray((data as { answers?: unknown }).answers) &&
  Array.isArray((data as { files?: unknown }).files);

/** The saved caches belong to one reader: emptied when another signs in, or on sign-out. */
export const mustClearSaved = (previousUserId: number | null, nextUserId: number | null) =>
  previousUserId !== nextUserId;
