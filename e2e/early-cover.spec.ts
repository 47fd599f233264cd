// The boot script (decision 037): on a slow link the feed's first cover is asked for while the app's
// code is still on its way, from the page's preloaded first payload, which the app then takes: the
// payload is asked for once. Never with Data saver on (decision 026): then no image at all.
import type { Page } from '@playwright/test';
import { createPosts, signInSeller, uniqueTag } from './data';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

/** Holds back every script but the boot script until the returned function is called. */
async function holdAppScripts(page: Page) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/(?!boot-)[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The paths of the page's image requests and first-payload requests from now on. */
function watchRequests(page: Page) {
  const seen = { images: [] as string[], payloads: 0 };
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/media/')) seen.images.push(pathname);
    if (pathname === '/api/first-payload') seen.payloads += 1;
  });
  return seen;
}

interface FirstPost {
  name: string;
  cover: { thumbUrl: string } | null;
}

test.beforeEach(async ({ request }) => {
  await signInSeller(request, 'Chipo Ndlovu');
  await createPosts(request, [{ name: `${uniqueTag()} radio`, images: 1 }]);
  // The landing feed is cached for a moment: wait until its newest post has a cover.
  await expect
    .poll(async () => {
      const { posts } = (await (await request.get('/api/first-payload')).json()) as { posts: FirstPost[] };
      return posts[0]?.cover ?? null;
    })
    .not.toBeNull();
});

test("the first cover is asked for before the app's code has loaded", async ({ page }) => {
  const release = await holdAppScripts(page);
  const seen = watchRequests(page);
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/first-payload'));
  await page.goto('/infinite', { waitUntil: 'commit' });
  const [first] = ((await (await answer).json()) as { posts: FirstPost[] }).posts;
  if (!first) throw new Error('the feed is empty');

  // A post made by another test at this moment may have no photo: then nothing is asked for.
  const thumb = first.cover && new URL(first.cover.thumbUrl, page.url()).pathname;
  if (thumb) await expect.poll(() => seen.images).toEqual([thumb]);
  else expect(seen.images).toEqual([]);

  release();
  const card = page.getByRole('article').first();
  await expect(card).toContainText(first.name);
  if (first.cover) await expect(card.locator('img')).toHaveAttribute('src', first.cover.thumbUrl);
  // The app took the boot script's answer instead of asking again.
  expect(seen.payloads).toBe(1);
});

test('with Data saver on, no cover is asked for', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('dataSaver', 'on'));
  const release = await holdAppScripts(page);
  const seen = watchRequests(page);
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/first-payload'));
  await page.goto('/infinite', { waitUntil: 'commit' });
  await answer;
  release();
  await expect(page.getByRole('button', { name: 'Show photo' }).first()).toBeVisible();
  expect(seen.images).toEqual([]);
  expect(seen.payloads).toBe(1);
});
