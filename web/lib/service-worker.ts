// Registers the service worker (web/sw/sw.ts, decision 025) once the page has loaded, so it never
// competes with the first screen for the network, and tracks a new version waiting to take over:
// the page offers 'New version available — reload' (app/update-prompt.tsx) instead of switching.
import { SAVED_CACHES } from '../sw/cache-rules';

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
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
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
