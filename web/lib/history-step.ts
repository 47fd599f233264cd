// An overlay (a dialog, the full-screen gallery) as a step of its own in the browser history, so the
// phone's Back button closes it and leaves the page under it where it was (issue 34). Opening one adds
// an entry that keeps the page's own history state (the router's), so going back to the page is not a
// navigation to it; closing it in the page (its button, Escape) goes back over that entry.
//
// Each step carries a token of its own: an entry left by a reload or by a navigation away while an
// overlay was open is no live step, and arriving on one with Back or Forward moves on past it.
import { useEffect, useRef } from 'react';

const STEP = 'overlay';

interface Step {
  token: string;
  holders: number;
}

let live: Step | null = null;
let skipping = false;

const tokenHere = () => {
  const value = (window.history.state as Record<string, unknown> | null)?.[STEP];
  return typeof value === 'string' ? value : null;
};

/** Arriving on an overlay's entry that no open overlay holds: step on past it, the way we came. */
function onAnyPop() {
  const token = tokenHere();
  if (token !== null && token !== live?.token) window.history.back();
}

/**
 * Adds the history step for an overlay that is open now; `onPopped` runs when Back (or anything
 * else) leaves that step. Returns the release, for when the overlay closes in the page or goes away.
 */
export function holdHistoryStep(onPopped: () => void): () => void {
  if (!skipping) {
    window.addEventListener('popstate', onAnyPop);
    skipping = true;
  }
  // The same overlay opening again at once (React StrictMode runs an effect twice) keeps its step.
  if (live === null || tokenHere() !== live.token) {
    live = { token: Math.random().toString(36).slice(2), holders: 0 };
    window.history.pushState({ ...(window.history.state ?? {}), [STEP]: live.token }, '');
  }
  const step = live;
  step.holders += 1;
  let popped = false;
  const onPop = () => {
    if (tokenHere() === step.token) return;
    popped = true;
    if (live === step) live = null;
    onPopped();
  };
  window.addEventListener('popstate', onPop);
  return () => {
    window.removeEventListener('popstate', onPop);
    step.holders -= 1;
    if (popped) return;
    // Closed in the page: after this turn (an overlay that opens again at once keeps the step), go
    // back over the step if it is still the current entry (a navigation away has put another on top).
    queueMicrotask(() => {
      if (step.holders > 0) return;
      if (live === step) live = null;
      if (tokenHere() === step.token) window.history.back();
    });
  };
}

/** Holds the history step while `open` is true; Back then calls `onClose`. */
export function useHistoryStep(open: boolean, onClose: () => void): void {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!open) return;
    return holdHistoryStep(() => close.current());
  }, [open]);
}
