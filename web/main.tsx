import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyPageTimeZone } from './lib/display-time-zone';
import { registerServiceWorker } from './lib/service-worker';
import './styles.css';

// Before anything renders a date: the server's DISPLAY_TIME_ZONE, from the page.
applyPageTimeZone();

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
