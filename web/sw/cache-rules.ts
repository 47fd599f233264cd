// What the service worker may keep for offline reading, and under which key (decision 025). Pure, so
// the rules are tested without a browser (cache-rules.test.ts) and read in one place.
//
// Privacy: only answers that are the same for every reader are kept (the public feeds, a listed post's
// detail, thumbnails served as public). An answer that depends on who asks (a draft or hidden post seen
// by its owner or a moderator, a sold post's number for its owner, anything marked private) is never
// stored. The saved caches are also emptied whenever the signed-in user changes or signs out
// (mustClearSaved), so what one person read never opens for the next on a shared phone.
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

/** Whether a Cache-Control header lets a shared store keep the answer. */
const sharable = (cacheControl: string | null) => !/\b(private|no-store)\b/i.test(cacheControl ?? '');

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
 * Whether the answer under `key` may be stored: a 200 that no header marks private, and for a post
 * detail only a public one (`body` is its parsed JSON). The feeds list public posts only, the same for
 * every reader.
 */
export function mayKeepData(
  key: string,
  status: number,
  cacheControl: string | null,
  body: unknown,
): boolean {
  if (status !== 200 || !sharable(cacheControl)) return false;
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
  status === 200 && /\bpublic\b/i.test(cacheControl ?? '') && sharable(cacheControl);

/** The saved caches belong to one reader: emptied when another signs in, or on sign-out. */
export const mustClearSaved = (previousUserId: number | null, nextUserId: number | null) =>
  previousUserId !== nextUserId;
