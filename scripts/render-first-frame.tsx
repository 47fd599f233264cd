// Prints the page's first frame (web/app/first-frame.tsx) as HTML, for the build (scripts/first-frame.ts).
// Run with tsx, so the components render with React's own server renderer: the markup is the same
// DOM the app draws on Preact in the browser.
import { renderToStaticMarkup } from 'react-dom/server';
import { FirstFrame } from '../web/app/first-frame';

process.stdout.write(renderToStaticMarkup(<FirstFrame />));
