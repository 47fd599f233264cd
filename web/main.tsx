import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyPageTimeZone } from './lib/display-time-zone';
import { registerServiceWorker } from './lib/service-worker';
import './styles.css';

// Before anything renders a date: the server's DISPLAY_TIME_ZONE, from the page.
applyPageTimeZone();
// The About page sums what this visit downloaded from resource timing (decision 026): keep more than
// the default 250 entries, so a long scroll through the feed is counted whole.
performance.setResourceTimingBufferSize?.(2000);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// After the page has loaded: offline reading and the installed app (decision 025).
registerServiceWorker();
