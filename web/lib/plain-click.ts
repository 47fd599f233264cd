import type { MouseEvent } from 'react';

/** A left click with no key held: the app may handle it in place; others are the browser's (new tab). */
export const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
