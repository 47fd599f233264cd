// Whether the browser says it has a network connection (navigator.onLine and its events). A phone on
// a dead connection may still say online: then calls fail as usual; this is for the plain cases.
import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

// Online in the page's first frame, drawn before any script runs (app/first-frame.tsx).
export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
