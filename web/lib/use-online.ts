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

export const useOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine);
