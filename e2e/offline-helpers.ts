// What the journeys with the service worker share (the others block it: playwright.config.ts; each
// such spec says `test.use({ serviceWorkers: 'allow' })`): a
// console-error check that lets the browser's offline lines through, waiting for the worker, going
// offline, and reading what it has saved.
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

/**
 * Console errors, except the browser's own line for each request refused while offline (those are the
 * point of these journeys) and for the session check the server answers 4xx.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        const text = msg.text();
        if (msg.type() !== 'error' || /status of 4\d\d|net::ERR_(INTERNET_DISCONNECTED|FAILED)/.test(text))
          return;
        errors.push(text);
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'the page logged console errors').toEqual([]);
    },
    { auto: true },
  ],
});

/** Waits until the service worker is active, then reloads so that it controls the page. */
export async function controlledByWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

export async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

/** The keys (paths) the worker has saved in one of its caches, e.g. 'saved-data-v1'. */
export const savedKeys = (page: Page, cacheName: string) =>
  page.evaluate(
    (name) =>
      caches
        .open(name)
        .then((cache) => cache.keys())
        .then((keys) => keys.map((request) => new URL(request.url).pathname + new URL(request.url).search)),
    cacheName,
  );
