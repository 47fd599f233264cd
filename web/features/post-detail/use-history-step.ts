// An overlay that is a step of its own in the browser history (the full-screen gallery): opening it
// adds an entry, so the phone's Back button closes the overlay and leaves the page under it where it
// was; closing it in the page (its button, Escape) goes back over that entry. The entry keeps the
// page's own history state (the router's), so going back to the page is not a navigation to it.
import { useCallback, useEffect, useRef } from 'react';

const STEP = 'overlay';
const isStep = () => (window.history.state as Record<string, unknown> | null)?.[STEP] === true;

/** Returns the function that closes the overlay; `onClosed` runs once it has left the history. */
export function useHistoryStep(onClosed: () => void): () => void {
  const closed = useRef(onClosed);
  closed.current = onClosed;
  useEffect(() => {
    // Once per overlay, also when React runs this effect twice (StrictMode).
    if (!isStep()) window.history.pushState({ ...(window.history.state ?? {}), [STEP]: true }, '');
    const onPop = () => {
      if (!isStep()) closed.current();
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  return useCallback(() => {
    if (isStep()) window.history.back();
    else closed.current();
  }, []);
}
