// The installable app and offline reading (decision 025), with the service worker the other journeys
// block: the install criteria Chromium checks, screens read offline from what was saved, a search
// offline, and the prompt when a new version is waiting.

import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { MSG } from '../shared/messages';
import { createPost, signInSeller, uniqueTag } from './data';
import { expectNoAxeViolations, newUser, registerViaApi, signInViaScreen } from './fixtures';
import { controlledByWorker, goOffline, test } from './offline-helpers';

test.use({ serviceWorkers: 'allow' });

const cardNames = (page: Page) =>
  page.getByRole('list', { name: 'Posts' }).getByRole('heading', { level: 2 });
const firstCards = async (page: Page) => {
  await expect(cardNames(page).first()).toBeVisible();
  return (await cardNames(page).allTextContents()).slice(0, 3);
};

test('the app is installable: a valid manifest with its icons, and a service worker in control', async ({
  page,
}) => {
  await page.goto('/infinite');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = await (await page.request.get(href ?? '')).json();
  expect(manifest).toMatchObject({
    name: 'Zim Marketplace',
    short_name: 'Marketplace',
    start_url: '/home',
    display: 'standalone',
    theme_color: '#047857',
  });
  for (const size of [192, 512]) {
    const icon = manifest.icons.find((i: { sizes: string }) => i.sizes === `${size}x${size}`);
    const res = await page.request.get(icon.src);
    expect(res.headers()['content-type']).toBe('image/png');
    const meta = await sharp(await res.body()).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
  }
  await controlledByWorker(page);

  // What Chromium itself checks before it offers to install (the checks Lighthouse's installability
  // audit ran, before Lighthouse 12 dropped it): no errors but the test browser's private profile,
  // and the manifest parsed without any.
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  const parsed = await cdp.send('Page.getAppManifest', {});
  expect(parsed.errors).toEqual([]);
  expect(parsed.url).toMatch(/\/manifest\.webmanifest$/);
});

test('screens read before open offline from the saved copy, with the offline banner', async ({
  page,
  context,
  request,
}) => {
  const tag = uniqueTag();
  await signInSeller(request, 'Rudo Chikore');
  const post = await createPost(request, { name: `${tag} solar panel 300W`, images: 1, price: '120' });

  const reader = newUser('Farai Mutasa');
  await registerViaApi(page, reader);
  await signInViaScreen(page, reader);
  await controlledByWorker(page);

  // Read online: the rolling feed, /home's first page, and the post.
  await page.goto('/infinite');
  const infiniteCards = await firstCards(page);
  await page.goto('/home');
  const homeCards = await firstCards(page);
  await page.goto(`/posts/${post.id}`);
  await expect(page.getByRole('heading', { level: 1, name: post.name })).toBeVisible();
  const photo = page.getByRole('button', { name: `Open the photo of ${post.name}` }).locator('img');
  await expect(photo).toHaveJSProperty('complete', true);

  await goOffline(context, page);
  const banner = page.getByRole('status').filter({ hasText: MSG.offline.banner });

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: post.name })).toBeVisible();
  await expect(banner).toBeVisible();
  await expect(page.getByText('$120 per item')).toBeVisible();
  // The picture comes from the saved thumbnail.
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText(MSG.offline.like)).toBeVisible();
  await page.getByRole('button', { name: 'Comments' }).click();
  await expect(page.getByText(MSG.offline.comment)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/home');
  await expect(banner).toBeVisible();
  expect(await firstCards(page)).toEqual(homeCards);

  // Searching needs the server: the box says so, and the saved list stays.
  await page.getByRole('searchbox', { name: 'Search posts' }).fill(tag);
  await page.getByRole('searchbox', { name: 'Search posts' }).press('Enter');
  await expect(page.getByText(MSG.offline.search)).toBeVisible();
  expect(await firstCards(page)).toEqual(homeCards);
  await expectNoAxeViolations(page);

  await page.goto('/infinite');
  await expect(banner).toBeVisible();
  expect(await firstCards(page)).toEqual(infiniteCards);

  // Back online: the banner goes and what waited for the connection runs.
  await page.goto('/home');
  await page.getByRole('searchbox', { name: 'Search posts' }).fill(tag);
  await page.getByRole('searchbox', { name: 'Search posts' }).press('Enter');
  await expect(page.getByText(MSG.offline.search)).toBeVisible();
  await context.setOffline(false);
  await expect(banner).toBeHidden();
  await expect(page.getByText(MSG.offline.search)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await expect(cardNames(page)).toHaveText([post.name]);

  // What this reader saved leaves with them: signing out empties it.
  const savedCaches = () =>
    page.evaluate(() => caches.keys().then((names) => names.filter((n) => n.startsWith('saved-'))));
  expect(await savedCaches()).not.toEqual([]);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(savedCaches).toEqual([]);
});

/**
 * The app through a proxy that can change /sw.js as a deploy would (the real server's never changes
 * while it runs). Read-only journeys: the server refuses writes whose Origin is not its own.
 */
async function deployableServer(upstream: string) {
  let deployed = false;
  const server = createServer((req, res) => {
    const isWorker = req.url?.split('?')[0] === '/sw.js';
    const headers = { ...req.headers, host: new URL(upstream).host };
    if (isWorker && deployed) {
      headers['accept-encoding'] = 'identity';
      delete headers['if-none-match'];
    }
    const forward = httpRequest(`${upstream}${req.url}`, { method: req.method, headers }, (answer) => {
      if (!(isWorker && deployed)) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const { etag: _, 'content-length': __, ...rest } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, rest);
        res.end(`${Buffer.concat(chunks).toString()}// the next version\n`);
      });
    });
    req.pipe(forward);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    deploy: () => {
      deployed = true;
    },
    close: () => new Promise((done) => server.close(done)),
  };
}

test('a new version waits for the reader: the prompt reloads into it', async ({ page, baseURL }) => {
  const site = await deployableServer(baseURL ?? '');
  try {
    await page.goto(`${site.url}/infinite`);
    await controlledByWorker(page);
    const waiting = () =>
      page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting)));

    // A deploy changes /sw.js: the browser finds it at its next check, installs it, and it waits.
    site.deploy();
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    await expect(page.getByText(MSG.offline.updateReady)).toBeVisible();
    expect(await waiting()).toBe(true);
    const loadedAt = await page.evaluate(() => performance.timeOrigin);

    // Reload: the new version takes over and the page reloads once into it; nothing waits any more.
    await page.getByRole('button', { name: MSG.offline.updateReload }).click();
    await expect
      .poll(() => page.evaluate(() => performance.timeOrigin).catch(() => loadedAt))
      .not.toBe(loadedAt);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByText(MSG.offline.updateReady)).toBeHidden();
    expect(await waiting()).toBe(false);
    const script = await page.evaluate(() => fetch('/sw.js').then((r) => r.text()));
    expect(script).toMatch(/the next version\n$/);
  } finally {
    await site.close();
  }
});
