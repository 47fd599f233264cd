import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/check-chromium';

// The real server (built web app + API) on a fresh embedded database in a temp folder, driven by
// Debian's Chromium. Limits are raised because every test signs up from the same address.
// A port per run (several runs may share a machine); workers inherit it through the environment.
process.env.E2E_PORT ??= String(31000 + (process.pid % 1000)); // below the ephemeral range, clear of local services
const PORT = Number(process.env.E2E_PORT);
const dataDir = `/tmp/mkt-e2e-${PORT}`;

export default defineConfig({
  testDir: 'e2e',
  // Per run, so parallel runs do not wipe each other's traces.
  outputDir: `test-results/run-${PORT}`,
  fullyParallel: true,
  workers: 2,
  // No retries, in CI either: a journey that needs one is a bug to fix, not to hide.
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Sized for a shared 2-core machine under load (other runs, builds, the server and two browsers):
  // at a load average of 25-35 an axe scan alone took 15 s and the longest journey 65 s.
  // Journeys wait for states, never for fixed times.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    // The app registers a service worker (decision 025); journeys run without it, as a first visit does,
    // so page.route mocks and request counts see every call. e2e/offline-app.spec.ts allows it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // Each run builds its own copy of the web app, so parallel runs never serve each other's half-built files.
    command: `rm -rf ${dataDir} && NODE_ENV=production vite build --logLevel warn --outDir ${dataDir}-web --emptyOutDir && tsx server/main.ts`,
    url: `http://localhost:${PORT}/readyz`,
    reuseExistingServer: false,
    // The production build runs first; on a loaded machine it can take well over a minute.
    timeout: 240_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      WEB_DIST: `${dataDir}-web`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Every journey runs from this one address: raise every per-address and per-user limit at once.
      LIMITS_MULTIPLIER: '200',
      // Trust & safety journeys (e2e/trust-safety.spec.ts): this account is a moderator from sign-up.
      MODERATOR_EMAILS: 'e2e.moderator@example.co.zw',
      // Journeys' reporters are minutes old: age alone costs no weight (decision 014). The other rules
      // hold; every journey reports from this one address, so a post is reported once per journey.
      REPORT_MIN_ACCOUNT_HOURS: '0',
      // Saved-search journeys (e2e/notifications.spec.ts): new posts are checked every second.
      SAVED_SEARCH_CHECK_SECONDS: '1',
    },
  },
});
