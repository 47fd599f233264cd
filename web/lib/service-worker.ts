// Registers the service worker (web/sw/sw.ts, decision 025) a few seconds after the page has loaded,
// so its install (about 20 requests, mostly from the HTTP cache) never competes with the first
// screen's pictures and calls on a slow network (registering at load cost /infinite 6 points of
// Lighthouse performance, all of it in total blocking time), and tracks a new version waiting:
// the page offers 'New version available — reload' (app/connection-notices.tsx) instead of switching.
// What the page reads before the worker controls it (the first visit) is handed to the worker once it
// is active, so it opens offline too (issue 34, decision 044).
import {
  isBuiltAsset,
  type KeepVisitMessage,
  mediaRule,
  SAVED_CACHES,
  savedDataKey,
  type VisitAnswer,
} from '../sw/cache-rules';

const REGISTER_AFTER_LOAD_MS = 5000;

type Listener = () => void;
const listeners = new Set<Listener>();
let waiting: ServiceWorker | null = null;
let reloadAsked = false;

function setWaiting(worker: ServiceWorker | null) {
  waiting = worker;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: the installed new version, or null. */
export const updateStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: () => waiting,
};

/** Hands over to the waiting version; the page reloads once it has taken control. */
export function applyUpdate() {
  if (!waiting) return;
  reloadAsked = true;
  waiting.postMessage('skip-waiting');
}

function watch(registration: ServiceWorkerRegistration) {
  // Only an update waits: the first install has no controller to replace.
  const offer = () => {
    if (registration.waiting && navigator.serviceWorker.controller) setWaiting(registration.waiting);
  };
  offer();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer();
    });
  });
}

/** The public reads of this visit the worker has not seen (it did not control the page yet). */
const unseen: VisitAnswer[] = [];
/** At most this many are held (a long first visit keeps its latest screens). */
const UNSEEN_LIMIT = 40;
/** The active worker once the first install is done, while it does not control the page yet. */
let activeWorker: ServiceWorker | null = null;

/**
 * Called by lib/http.ts with every API answer: one the worker would keep, read while no worker
 * controls the page, is held for it (the worker applies its own rules again).
 */
export function rememberAnswer(
  method: string,
  url: string,
  body: string | undefined,
  response: Response,
  text: string,
) {
  if (!('serviceWorker' in navigator) || navigator.serviceWorker.controller) return;
  const { pathname, search } = new URL(url, location.origin);
  if (!savedDataKey(method, pathname, search, body)) return;
  unseen.push({
    method,
    url,
    body,
    status: response.status,
    cacheControl: response.headers.get('cache-control'),
    text,
  });
  if (unseen.length > UNSEEN_LIMIT) unseen.shift();
  if (activeWorker) handOver(activeWorker);
}

/** The same-origin built files and thumbnails this page has loaded (the browser's resource timing). */
function loadedFiles(): string[] {
  const files = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    if (url.origin !== location.origin) continue;
    if (isBuiltAsset(url.pathname) || mediaRule(url.pathname)?.keep) files.add(url.pathname);
  }
  return [...files];
}

/** Hands what this visit has shown to the active worker, which keeps it by its rules. */
function handOver(worker: ServiceWorker) {
  const message: KeepVisitMessage = { type: 'keep-visit', answers: unseen.splice(0), files: loadedFiles() };
  worker.postMessage(message);
}

/** Once the first install is active: hands over what this visit showed before it. */
function whenActive(registration: ServiceWorkerRegistration) {
  const worker = registration.active;
  if (!worker || navigator.serviceWorker.controller) return;
  const ready = () => {
    activeWorker = worker;
    handOver(worker);
  };
  if (worker.state === 'activated') ready();
  else
    worker.addEventListener('statechange', function onChange() {
      if (worker.state !== 'activated') return;
      worker.removeEventListener('statechange', onChange);
      ready();
    });
}

export function registerServiceWorker() {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first install also takes control (clients.claim): reload only when the reader asked to.
    if (reloadAsked) window.location.reload();
  });
  if (!navigator.serviceWorker.controller)
    void navigator.serviceWorker.ready.then(whenActive, () => undefined);
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js')
      .then(watch)
      .catch((error: unknown) => console.warn('Service worker not registered', error));
  // Already installed: at load (an update check is one small revalidation, and a waiting version is
  // offered at once). The first install waits.
  const delay = navigator.serviceWorker.controller ? 0 : REGISTER_AFTER_LOAD_MS;
  const later = () => setTimeout(register, delay);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/** Empties what was saved for offline reading (another reader signs in, or this one signs out). */
export async function clearSavedData() {
  unseen.length = 0; // not yet handed over: it leaves with its reader too
  if (!('caches' in window)) return;
  try {
    await Promise.all(SAVED_CACHES.map((name) => caches.delete(name)));
  } catch (error) {
    console.warn('Saved posts not cleared', error);
  }
}
