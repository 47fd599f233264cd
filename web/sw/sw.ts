/// <reference lib="webworker" />
// The service worker (decision 025), built by scripts/service-worker-build.ts into /sw.js with the
// build's shell files and version filled in. Hand-written and small:
// - install: caches the app shell (the page HTML, the entry's JS and CSS, the reading screens' chunks,
//   icons); it then waits, and the page offers 'New version available — reload' (skip-waiting message)
//   instead of switching under the reader.
// - pages: answered from the cached shell (no download on a repeat visit); the shell's files and every
//   built chunk cache-first, a chunk kept in the shell cache when first loaded (hashed names: never stale).
// - the public reads (feeds, post details): from the network, a copy kept by the rules of cache-rules.ts;
//   when the network fails, the copy. Thumbnails: the kept copy first, else the network (then kept).
import {
  DATA_CACHE,
  isAppPage,
  isBuiltAsset,
  isDetailKey,
  MEDIA_CACHE,
  mayKeepData,
  mayKeepMedia,
  mediaRule,
  needsBody,
  SAVED_LIMITS,
  SHELL_CACHE_PREFIX,
  SHELL_URL,
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
      // The first install takes the open pages at once, so what they read from now on is saved.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') void self.skipWaiting();
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

/** A public read: the network first (fresh posts), its copy kept; the copy when the network fails. */
async function apiRead(event: FetchEvent, request: Request, url: URL): Promise<Response> {
  const body = needsBody(request.method, url.pathname) ? await request.clone().text() : undefined;
  const key = savedDataKey(request.method, url.pathname, url.search, body);
  if (!key) return fetch(request);
  try {
    const response = await fetch(request);
    event.waitUntil(keepData(key, response.clone()));
    return response;
  } catch (error) {
    const saved = await caches.match(key, { cacheName: DATA_CACHE });
    if (saved) return saved;
    throw error;
  }
}

async function keepData(key: string, response: Response) {
  if (response.status !== 200) return;
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return;
  }
  if (!mayKeepData(key, response.status, response.headers.get('cache-control'), json)) return;
  const copy = new Response(text, { headers: { 'content-type': 'application/json; charset=utf-8' } });
  await keep(DATA_CACHE, key, copy);
  const cover = detailCover(key, json);
  if (cover) await keepThumb(cover);
}

/** A saved post's first picture at thumb size, so it opens offline with it (one small image). */
const detailCover = (key: string, json: unknown) =>
  isDetailKey(key) ? (json as { images?: { thumbUrl?: string }[] }).images?.[0]?.thumbUrl : undefined;

async function keepThumb(url: string) {
  if (await caches.match(url, { cacheName: MEDIA_CACHE })) return;
  const response = await fetch(url).catch(() => null); // from the HTTP cache when a card showed it
  if (response && mayKeepMedia(response.status, response.headers.get('cache-control')))
    await keep(MEDIA_CACHE, url, response);
}

/**
 * Thumbnails: the kept copy first (an image never changes under its key), else the network, kept.
 * A larger variant goes to the network; offline it is answered with its kept thumbnail.
 */
async function image(event: FetchEvent, request: Request, rule: { keep: boolean; thumb: string }) {
  const saved = () => caches.match(rule.thumb, { cacheName: MEDIA_CACHE });
  if (rule.keep) {
    const hit = await saved();
    if (hit) return hit;
  }
  try {
    const response = await fetch(request);
    if (rule.keep && mayKeepMedia(response.status, response.headers.get('cache-control')))
      event.waitUntil(keep(MEDIA_CACHE, rule.thumb, response.clone()));
    return response;
  } catch (error) {
    const fallback = await saved();
    if (fallback) return fallback;
    throw error;
  }
}

/** Stores `response` under `key`, then drops the oldest entries past the cache's limit. */
async function keep(cacheName: keyof typeof SAVED_LIMITS, key: string, response: Response) {
  const cache = await caches.open(cacheName);
  await cache.delete(key); // re-added at the end: the newest
  await cache.put(key, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - SAVED_LIMITS[cacheName])))
    await cache.delete(old);
}
