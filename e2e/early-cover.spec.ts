// The boot script (decision 037): on a slow link the feed's first cover is asked for while the app's
// code is still on its way, from the page's preloaded first payload, which the app then takes: the
// payload is asked for once. Never with Data saver on (decision 026): then no image at all.
import type { APIRequestContext, Page } from '@playwright/test';
import { createPosts, getPost, signInSeller, uniqueTag } from './data';
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

interface RollingItem {
  name: string;
  cover: { thumbUrl: string } | null;
}

/**
 * Answers the page's first payload (the preload the boot script takes) with the feed as it is, its
 * first post given this test's photo: other tests add posts at the same time, some without one.
 */
async function firstPostWithPhoto(page: Page, request: APIRequestContext) {
  await signInSeller(request, 'Chipo Ndlovu');
  const [post] = await createPosts(request, [{ name: `${uniqueTag()} radio`, images: 1 }]);
  if (!post) throw new Error('post not created');
  const { images } = await getPost(request, post.id);
  const cover = images[0];
  if (!cover) throw new Error('the post has no image');
  await page.route('**/api/first-payload', async (route) => {
    const response = await route.fetch();
    const payload = (await response.json()) as { posts: RollingItem[] };
    const [first, ...rest] = payload.posts;
    if (!first) throw new Error('the feed is empty');
    await route.fulfill({ response, json: { ...payload, posts: [{ ...first, cover }, ...rest] } });
  });
  return cover.thumbUrl;
}

/** The boot script has asked for the first payload (decision 037): it ran before the app. */
const bootAsked = (page: Page) =>
  page.waitForFunction(() => {
    const early = (globalThis as Record<symbol, { byUrl: Map<string, unknown> } | undefined>)[
      Symbol.for('marketplace.early-answers')
    ];
    return early?.byUrl.has('/api/first-payload') === true;
  });

test("the first cover is asked for before the app's code has loaded", async ({ page, request }) => {
  const thumbUrl = await firstPostWithPhoto(page, request);
  const release = await holdAppScripts(page);
  const seen = watchRequests(page);
  await page.goto('/infinite', { waitUntil: 'commit' });
  await bootAsked(page);
  await expect.poll(() => seen.images).toEqual([new URL(thumbUrl, page.url()).pathname]);

  release();
  const card = page.getByRole('article').first();
  await expect(card.locator('img')).toHaveAttribute('src', thumbUrl);
  // The app took the boot script's answer instead of asking again.
  expect(seen.payloads).toBe(1);
});

test('with Data saver on, no cover is asked for', async ({ page, request }) => {
  await firstPostWithPhoto(page, request);
  await page.addInitScript(() => localStorage.setItem('dataSaver', 'on'));
  const release = await holdAppScripts(page);
  const seen = watchRequests(page);
  await page.goto('/infinite', { waitUntil: 'commit' });
  await bootAsked(page);
  release();
  await expect(page.getByRole('button', { name: 'Show photo' }).first()).toBeVisible();
  expect(seen.images).toEqual([]);
  expect(seen.payloads).toBe(1);
});
