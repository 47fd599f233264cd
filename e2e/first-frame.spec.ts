// The page's first frame (decision 036): on a slow connection the header is on the screen as soon as the
// HTML and the CSS are in, before any script has arrived, and the app takes over its nodes when it runs
// (no flicker, no second paint of the header).
import { expect, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test('the header is painted before any script has loaded, and the app takes it over', async ({ page }) => {
  let releaseScripts: () => void = () => {};
  const scriptsHeld = new Promise<void>((resolve) => {
    releaseScripts = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });

  await page.goto('/about', { waitUntil: 'commit' });
  const brand = page.getByRole('link', { name: 'Zim Marketplace' });
  await expect(brand).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  // The app's entry and the boot script (decision 037), neither run yet.
  expect(await page.evaluate(() => document.getElementsByTagName('script').length)).toBe(2);
  // Mark the frame's nodes, then let the scripts come.
  await page.evaluate(() => {
    (window as unknown as { frameBrand: Element | null }).frameBrand = document.querySelector('header a');
  });
  releaseScripts();

  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  // The frame's menu button works once the app has it, and a visitor's links are in it.
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  const sameNode = await page.evaluate(
    () =>
      (window as unknown as { frameBrand: Element | null }).frameBrand === document.querySelector('header a'),
  );
  expect(sameNode).toBe(true);
});
