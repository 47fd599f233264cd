// Registers the service worker (web/sw/sw.ts, decision 025) a few seconds after the page has loaded,
// so its install (about 20 requests, mostly from the HTTP cache) never competes with the first
// screen's pictures and calls on a slow network (registering at load cost /infinite 6 points of
// Lighthouse performance, all of it in total blocking time), and tracks a new version waiting:
// the page offers 'New version available — reload' (app/connection-notices.tsx) instead of switching.
import { SAVED_CACHES } from '../sw/cache-rules';

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

export function registerServiceWorker() {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first install also takes control (clients.claim): reload only when the reader asked to.
    if (reloadAsked) window.location.reload();
  });
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
  if (!('caches' in window)) return;
  try {
    await Promise.all(SAVED_CACHES.map((name) => caches.delete(name)));
  } catch (error) {
    console.warn('Saved posts not cleared', error);
  }
}
