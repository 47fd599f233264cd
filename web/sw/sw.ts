/// <reference lib="webworker" />
// The service worker (decisions 025 and 044), built by scripts/service-worker-build.ts into /sw.js with
// the build's shell files and version filled in. Hand-written and small:
// - install: caches the app shell (the page HTML, the entry's JS and CSS, icons); it then waits, and
//   the page offers 'New version available — reload' (skip-waiting message) instead of switching
//   under the reader.
// - pages: answered from the cached shell (no download on a repeat visit); the shell's files and every
//   built chunk cache-first, a chunk kept in the shell cache when first loaded (hashed names: never stale).
// - the public reads (feeds, post details) and thumbnails: from the network; the saved copy follows
//   each answer by the rules of cache-rules.ts (kept, replaced or deleted) and answers only when the
//   network fails, if it is less than 7 days old.
// - 'keep-visit': what the page read before this worker controlled it (its first visit), kept by the
//   same rules.
import {
  DATA_CACHE,
  detailThumbs,
  isAppPage,
  isBuiltAsset,
  isDetailKey,
  isKeepVisitMessage,
  isStaleCopy,
  type KeepVisitMessage,
  MEDIA_CACHE,
  mayKeepMedia,
  mediaCopyFate,
  mediaRule,
  needsBody,
  SAVED_AT_HEADER,
  SAVED_CACHES,
  SAVED_LIMITS,
  SHELL_CACHE_PREFIX,
  SHELL_URL,
  savedCopyFate,
  savedDataKey,
  shellCacheName,
} from './cache-rules';

declare const self: ServiceWorkerGlobalScope;
declare const __SHELL_FILES__: string[];
declare const __SHELL_VERSION__: string;

const SHELL_CACHE = shellCacheName(__SHELL_VERSION__);
const SHELL_FILES = new Set(__SHELL_FILES__);

self.addEventListener('install', (event) => {
  // `reload`: the shell HTML straight from the server, not an older copy the HTTP cache may hold.
  const requests = [new Request(SHELL_URL, { cache: 'reload' }), ...SHELL_FILES];
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(requests)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith(SHELL_CACHE_PREFIX) && name !== SHELL_CACHE) await caches.delete(name);
      for (const name of SAVED_CACHES) await dropStale(name, Number.POSITIVE_INFINITY);
      // The first install takes the open pages at once, so what they read from now on is saved.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') void self.skipWaiting();
  else if (isKeepVisitMessage(event.data)) event.waitUntil(keepVisit(event.data));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && request.method === 'GET' && isAppPage(url.pathname)) {
    event.respondWith(fromShell(event, SHELL_URL));
  } else if (request.method === 'GET' && (SHELL_FILES.has(url.pathname) || isBuiltAsset(url.pathname))) {
    event.respondWith(fromShell(event, url.pathname));
  } else if (url.pathname.startsWith('/api/')) {
    if (needsBody(request.method, url.pathname) || savedDataKey(request.method, url.pathname, url.search))
      event.respondWith(apiRead(event, request, url));
  } else if (request.method === 'GET') {
    const rule = mediaRule(url.pathname);
    if (rule) event.respondWith(image(event, request, rule));
  }
});

async function fromShell(event: FetchEvent, key: string): Promise<Response> {
  const cached = await caches.match(key, { cacheName: SHELL_CACHE });
  if (cached) return cached;
  const response = await fetch(event.request);
  if (response.ok && isBuiltAsset(key)) {
    const copy = response.clone();
    event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.put(key, copy)));
  }
  return response;
}

/**
 * A public read: the network's answer, which the saved copy follows (kept, replaced, or deleted when
 * the post is no longer a public 200); the copy only when the network fails.
 */
async function apiRead(event: FetchEvent, request: Request, url: URL): Promise<Response> {
  const body = needsBody(request.method, url.pathname) ? await request.clone().text() : undefined;
  const key = savedDataKey(request.method, url.pathname, url.search, body);
  if (!key) return fetch(request);
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    const saved = await savedCopy(DATA_CACHE, key);
    if (saved) return saved;
    throw error;
  }
  const copy = response.clone();
  event.waitUntil(
    copy.text().then((text) => followAnswer(key, copy.status, copy.headers.get('cache-control'), text)),
  );
  return response;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** Keeps, replaces or deletes the saved copy under `key` by an answer's status, header and body. */
async function followAnswer(key: string, status: number, cacheControl: string | null, text: string) {
  const json = parseJson(text);
  const fate = savedCopyFate(key, status, cacheControl, json);
  if (fate === 'keep') await keepData(key, text, json);
  else if (fate === 'drop') await dropData(key);
}

const stamped = (headers: HeadersInit) => {
  const out = new Headers(headers);
  out.set(SAVED_AT_HEADER, String(Date.now()));
  return out;
};

async function keepData(key: string, text: string, json: unknown) {
  const copy = new Response(text, {
    headers: stamped({ 'content-type': 'application/json; charset=utf-8' }),
  });
  await keep(DATA_CACHE, key, copy);
  const cover = detailCover(key, json);
  if (cover) await keepThumb(cover);
}

/** Deletes a saved answer, and for a post detail the thumbnails it names. */
async function dropData(key: string) {
  const cache = await caches.open(DATA_CACHE);
  const saved = await cache.match(key);
  if (!saved) return;
  if (isDetailKey(key)) {
    const media = await caches.open(MEDIA_CACHE);
    for (const thumb of detailThumbs(parseJson(await saved.text()))) await media.delete(thumb);
  }
  await cache.delete(key);
}

/** A saved copy less than 7 days old; an older one is deleted instead. */
async function savedCopy(cacheName: string, key: string) {
  const cache = await caches.open(cacheName);
  const saved = await cache.match(key);
  if (!saved) return undefined;
  if (!isStaleCopy(saved.headers.get(SAVED_AT_HEADER), Date.now())) return saved;
  await cache.delete(key);
  return undefined;
}

/** A saved post's first picture at thumb size, so it opens offline with it (one small image). */
const detailCover = (key: string, json: unknown) => (isDetailKey(key) ? detailThumbs(json)[0] : undefined);

/** Keeps a thumbnail from the network (the HTTP cache when a card showed it), if served as public. */
async function keepThumb(url: string) {
  const response = await fetch(url).catch(() => null);
  if (response && mayKeepMedia(response.status, response.headers.get('cache-control')))
    await keepMedia(url, response);
}

async function keepMedia(key: string, response: Response) {
  const copy = new Response(await response.blob(), { headers: stamped(response.headers) });
  await keep(MEDIA_CACHE, key, copy);
}

/**
 * Images: the network first (a taken-down post's pictures must not outlive it); a thumbnail's saved
 * copy follows the answer, and answers only when the network fails, for its larger variants too.
 */
async function image(event: FetchEvent, request: Request, rule: { keep: boolean; thumb: string }) {
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    const fallback = await savedCopy(MEDIA_CACHE, rule.thumb);
    if (fallback) return fallback;
    throw error;
  }
  if (rule.keep) {
    const fate = mediaCopyFate(response.status, response.headers.get('cache-control'));
    if (fate === 'keep') event.waitUntil(keepMedia(rule.thumb, response.clone()));
    else if (fate === 'drop') event.waitUntil(caches.open(MEDIA_CACHE).then((c) => c.delete(rule.thumb)));
  }
  return response;
}

/**
 * What the page read before this worker controlled it (the first visit): its public answers, kept by
 * the same rules unless this worker has saved a newer copy since; the built files and thumbnails it
 * loaded (from the HTTP cache), so the screens it showed also open offline.
 */
async function keepVisit({ answers, files }: KeepVisitMessage) {
  const data = await caches.open(DATA_CACHE);
  for (const answer of answers) {
    const url = new URL(answer.url, self.location.origin);
    if (url.origin !== self.location.origin) continue;
    const key = savedDataKey(answer.method, url.pathname, url.search, answer.body);
    if (!key || (await data.match(key))) continue;
    await followAnswer(key, answer.status, answer.cacheControl, answer.text);
  }
  for (const file of files) {
    const url = new URL(file, self.location.origin);
    if (url.origin !== self.location.origin) continue;
    if (isBuiltAsset(url.pathname)) await keepAsset(url.pathname);
    else if (mediaRule(url.pathname)?.keep && !(await caches.match(url.pathname, { cacheName: MEDIA_CACHE })))
      await keepThumb(url.pathname);
  }
}

async function keepAsset(path: string) {
  const cache = await caches.open(SHELL_CACHE);
  if (await cache.match(path)) return;
  const response = await fetch(path).catch(() => null);
  if (response?.ok) await cache.put(path, response);
}

/** Deletes saved copies older than 7 days from the oldest on, at most `limit` of them checked fresh. */
async function dropStale(cacheName: string, limit: number) {
  const cache = await caches.open(cacheName);
  const now = Date.now();
  let fresh = 0;
  for (const request of await cache.keys()) {
    const saved = await cache.match(request);
    if (isStaleCopy(saved?.headers.get(SAVED_AT_HEADER) ?? null, now)) await cache.delete(request);
    else if (++fresh >= limit) return;
  }
}

/**
 * Stores `response` under `key`, then drops the oldest entries past the cache's limit and the oldest
 * stale ones (entries are in the order they were saved: the first fresh one ends the check).
 */
async function keep(cacheName: keyof typeof SAVED_LIMITS, key: string, response: Response) {
  const cache = await caches.open(cacheName);
  await cache.delete(key); // re-added at the end: the newest
  await cache.put(key, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - SAVED_LIMITS[cacheName])))
    await cache.delete(old);
  await dropStale(cacheName, 1);
}
