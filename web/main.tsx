import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyPageTimeZone } from './lib/display-time-zone';
import { appStarted } from './lib/early-answers';
import { registerServiceWorker } from './lib/service-worker';
import './styles.css';

// The boot script's answers, if it ran first, are taken from here on; if it comes later it asks
// for nothing (decision 037).
appStarted();
// Before anything renders a date: the server's DISPLAY_TIME_ZONE, from the page.
applyPageTimeZone();
// The About page sums what this visit downloaded from resource timing (decision 026): keep more than
// the default 250 entries, so a long scroll through the feed is counted whole.
performance.setResourceTimingBufferSize?.(2000);

// In a task of its own, not in the one that ran the app's code: the page's first frame is already on
// the screen (decision 036), and a slow phone's main thread is not held for both at once.
const root = document.getElementById('root');
if (root) {
  setTimeout(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

// After the page has loaded: offline reading and the installed app (decision 025).
registerServiceWorker();
