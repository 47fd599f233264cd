// Touch on a phone (issue 16): a tap on Like likes without leaving the reaction picker over the page
// (a long press opens it; a tap outside closes it), and Back with the gallery open closes the gallery
// and keeps the post.
import { createPost, createPosts, signInSeller, uniqueTag } from './data';
import { expect, signedInUser, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

const picker = (page: import('@playwright/test').Page) => page.getByRole('toolbar', { name: 'Reactions' });

test.describe('Phone, touch', () => {
  test('a tap likes without opening the picker; a long press opens it and a tap outside closes it', async ({
    page,
  }) => {
    await signInSeller(page.request);
    const post = await createPost(page.request, { name: `Bicycle ${uniqueTag()}` });
    await signedInUser(page);
    await page.goto(`/posts/${post.id}`);
    const like = page.getByRole('button', { name: 'Like', exact: true });
    await expect(like).toBeEnabled();
    await like.tap();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('1 like', { exact: true })).toBeVisible();
    // The picker would open 500 ms after a hover that never ends: it must stay closed.
    await page.waitForTimeout(800);
    await expect(picker(page)).toHaveCount(0);

    // A long press: touch down, hold, lift.
    const box = await like.boundingBox();
    if (!box) throw new Error('no like button');
    const cdp = await page.context().newCDPSession(page);
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    await expect(picker(page)).toBeVisible();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(like).toHaveAttribute('aria-pressed', 'true'); // the press did not toggle it back
    await page.getByRole('heading', { level: 1 }).tap();
    await expect(picker(page)).toHaveCount(0);
  });

  test('Back with the gallery open closes the gallery and keeps the post', async ({ page }) => {
    await signInSeller(page.request);
    const post = await createPost(page.request, { name: `Sofa ${uniqueTag()}`, images: 2 });
    await page.goto('/about');
    await page.goto(`/posts/${post.id}`);
    await page.getByRole('button', { name: /^Open the photos of/ }).tap();
    const gallery = page.getByRole('dialog', { name: `${post.name}: photos` });
    await expect(gallery).toBeVisible();
    await page.goBack();
    await expect(gallery).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));
    await expect(page.getByRole('heading', { name: post.name })).toBeVisible();
    // Closing it with its button leaves no extra step: Back then leaves the post.
    await page.getByRole('button', { name: /^Open the photos of/ }).tap();
    await page.getByRole('button', { name: 'Close gallery' }).tap();
    await expect(gallery).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
  });
});

test('an idle /infinite refreshes only the cards on screen, and an idle 2 minutes costs a few KiB', async ({
  page,
}) => {
  await signInSeller(page.request);
  const tag = uniqueTag();
  await createPosts(
    page.request,
    Array.from({ length: 30 }, (_, i) => ({ name: `Idle ${tag} ${i}` })),
  );
  await page.clock.install();
  const asked: string[] = [];
  let bytes = 0;
  page.on('response', async (response) => {
    if (!response.url().includes('/api/likes/engagement')) return;
    asked.push(new URL(response.url()).searchParams.get('postIds') ?? '');
    bytes += (await response.body()).length + 400; // headers, roughly
  });
  await page.goto('/infinite');
  await expect(page.getByText(`Idle ${tag} 29`)).toBeVisible();
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  const firstLoad = asked.length;
  bytes = 0;
  // Two idle minutes, 30 s at a time (each refresh's answer arrives before the next).
  for (let step = 1; step <= 4; step += 1) {
    await page.clock.fastForward(30_000);
    await expect.poll(() => asked.length).toBe(firstLoad + step);
  }
  const refreshes = asked.slice(firstLoad);
  // Each refresh asks only for the few cards a 360x740 screen shows, not the 30 in the page.
  for (const ids of refreshes) expect(ids.split(',').length).toBeLessThanOrEqual(4);
  // Was ~113 KiB a minute before only the cards on screen were refreshed.
  expect(bytes).toBeLessThan(8 * 1024);
  test
    .info()
    .annotations.push({ type: 'idle 2 minutes', description: `${refreshes.length} calls, ~${bytes} bytes` });
});

test('a visitor can look around before signing up: Browse listings on sign-up, sign-in and the header', async ({
  page,
}) => {
  await signInSeller(page.request);
  await createPost(page.request, { name: `Chest freezer ${uniqueTag()}` });
  await page.context().clearCookies();
  for (const screen of ['/signup', '/login']) {
    await page.goto(screen);
    await page.getByRole('main').getByRole('link', { name: 'Browse listings' }).tap();
    await expect(page).toHaveURL(/\/infinite$/);
    await expect(page.getByRole('list', { name: 'Posts' }).getByRole('article').first()).toBeVisible();
  }
  await page.goto('/about');
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Browse listings' }).tap();
  await expect(page).toHaveURL(/\/infinite$/);
});
