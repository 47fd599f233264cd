// React's createRoot for the build on Preact (vite.config.ts aliases react-dom/client here). It draws
// over what the container already holds: Preact keeps each node it finds that matches what it draws
// (its attributes brought up to date), where preact/compat, like React, empties the container first.
// The container holds the page's first frame, painted before any script ran (decision 036), so the
// header is taken over as it is: no flicker and no second paint.
import { render } from 'preact';
import type { Root } from 'react-dom/client';

export function createRoot(container: Element | DocumentFragment): Root {
  return {
    render: (children) => render(children as Parameters<typeof render>[0], container),
    unmount: () => render(null, container),
  };
}
