// The feed's search and type filter on a phone (issue 34): the type switch fits beside 'Filters' at
// 320-400 px, a filter tapped while a search is on its way is kept, one or two letters show the feed
// without a search, and visitors search /infinite with /home's box and switch.
import type { Locator, Page } from '@playwright/test';
import { MSG } from '../shared/messages';
import { createPosts, signInSeller, uniqueTag } from './data';
import { expect, expectNoAxeViolations, signedInUser, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

const cardNames = (page: Page) =>
  page.getByRole('list', { name: 'Posts' }).getByRole('heading', { level: 2 });
const typeSwitch = (page: Page) => page.getByRole('group', { name: 'Post type' });
const typeButton = (page: Page, name: string) => typeSwitch(page).getByRole('button', { name, exact: true });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search posts' });

/** The URL's query as an object, for comparing the whole state at once. */
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** Whether a tap at the middle of `target` lands on it (nothing lies over it), and it is all on screen. */
async function tappable(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) return 'not shown';
  const width = page.viewportSize()?.width ?? 0;
  if (box.x < 0 || box.x + box.width > width) return `off screen: ${box.x}..${box.x + box.width} of ${width}`;
  const hit = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top === el || el.contains(top) ? 'ok' : `covered by ${top?.textContent}`;
  });
  return hit;
}

/** Neither the page nor the type switch scrolls sideways. */
async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await typeSwitch(page).evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
}

test('the type switch is whole and tappable beside Filters from 320 to 400 px, filters open too', async ({
  page,
}) => {
  await signedInUser(page, 'Rudo Chikore');
  await page.goto('/home?category=Electronics');
  const filtersButton = page.getByRole('button', { name: 'Filters (1)' });
  await expect(filtersButton).toHaveAttribute('aria-expanded', 'true');
  for (const width of [320, 360, 400]) {
    await page.setViewportSize({ width, height: 740 });
    for (const name of ['All', 'Product', 'Service']) {
      expect(await tappable(page, typeButton(page, name)), `${name} at ${width} px`).toBe('ok');
    }
    await noSidewaysScroll(page);
    await typeButton(page, 'Service').tap();
    await expect(typeButton(page, 'Service')).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/type=service/);
    // The tap chose the type, nothing else: the filters stay open.
    await expect(filtersButton).toHaveAttribute('aria-expanded', 'true');
    await noSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath(`home-filters-open-${width}.png`) });
    if (width === 360) {
      await typeButton(page, 'Product').tap();
      await expect(page).toHaveURL(/type=product/);
    }
    await typeButton(page, 'All').tap();
    await expect(page).not.toHaveURL(/type=/);
  }
  await page.setViewportSize({ width: 320, height: 740 });
  await filtersButton.tap();
  await expect(filtersButton).toHaveAttribute('aria-expanded', 'false');
  expect(await tappable(page, typeButton(page, 'Service'))).toBe('ok');
});

test('a type tapped while a search is on its way, or right after clearing it, is kept', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  await signInSeller(request, 'Farai Gumbo');
  await createPosts(request, [
    { name: `Welding ${tag}`, type: 'service' },
    { name: `Angle grinder ${tag}`, type: 'product' },
  ]);
  await signedInUser(page, 'Nyasha Dube');

  // Typed, then Service tapped before the search is sent: both stay.
  await searchBox(page).fill(tag);
  await typeButton(page, 'Service').tap();
  await expect.poll(() => query(page)).toEqual({ search: tag, type: 'service' });
  await expect(cardNames(page)).toHaveText([`Welding ${tag}`]);

  // The sequence: the search cleared, and a type tapped at once.
  await typeButton(page, 'All').tap();
  await expect(cardNames(page)).toHaveCount(2);
  await searchBox(page).fill('');
  await typeButton(page, 'Service').tap();
  await expect.poll(() => query(page)).toEqual({ type: 'service' });
  await expect(typeButton(page, 'Service')).toHaveAttribute('aria-pressed', 'true');
  // Later than the search's pause: nothing comes back to overwrite it.
  await page.waitForTimeout(600);
  expect(query(page)).toEqual({ type: 'service' });
  await expect(page.getByRole('list', { name: 'Posts' }).getByText('Product', { exact: true })).toHaveCount(
    0,
  );
});

test('one or two letters show the feed without a search and say so, never the last results', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  await signInSeller(request, 'Tendai Moyo');
  await createPosts(request, [{ name: `Gas stove ${tag}` }, { name: `Kitchen table ${uniqueTag()}` }]);
  await signedInUser(page, 'Chipo Banda');
  await searchBox(page).fill(tag);
  await expect(cardNames(page)).toHaveText([`Gas stove ${tag}`]);

  await searchBox(page).fill('tv');
  await expect(page.getByText(MSG.feed.searchTooShort)).toBeVisible();
  await expect.poll(() => query(page)).toEqual({});
  await expect(cardNames(page).filter({ hasNotText: tag }).first()).toBeVisible();
  expect(await cardNames(page).count()).toBeGreaterThan(1);
});

test('a visitor searches /infinite and filters it by type, as /home does', async ({ page, request }) => {
  const tag = uniqueTag();
  await signInSeller(request, 'Kuda Phiri');
  await createPosts(request, [
    { name: `Plumbing repairs ${tag}`, type: 'service' },
    { name: `Water pump ${tag}`, type: 'product' },
    { name: `Office chair ${uniqueTag()}` },
  ]);
  await page.goto('/signup');
  await page.getByRole('link', { name: 'Browse listings' }).tap();
  await expect(page).toHaveURL(/\/infinite$/);
  await expect(cardNames(page).first()).toBeVisible();

  await searchBox(page).fill(tag);
  await expect(cardNames(page)).toHaveText([`Water pump ${tag}`, `Plumbing repairs ${tag}`]);
  expect(query(page)).toEqual({ search: tag });
  await typeButton(page, 'Service').tap();
  await expect(cardNames(page)).toHaveText([`Plumbing repairs ${tag}`]);
  expect(query(page)).toEqual({ search: tag, type: 'service' });
  await page.screenshot({ path: test.info().outputPath('infinite-search-360.png') });
  await expectNoAxeViolations(page);

  // The link is the same list for anyone who opens it.
  await page.reload();
  await expect(searchBox(page)).toHaveValue(tag);
  await expect(cardNames(page)).toHaveText([`Plumbing repairs ${tag}`]);

  // Two letters: the feed without a search (services only still), said so.
  await searchBox(page).fill('pl');
  await expect(page.getByText(MSG.feed.searchTooShort)).toBeVisible();
  await expect.poll(() => query(page)).toEqual({ type: 'service' });
  await expect(cardNames(page).filter({ hasNotText: tag }).first()).toBeVisible();

  // Back to everything: the rolling feed again, with its Refresh.
  await searchBox(page).fill('');
  await typeButton(page, 'All').tap();
  await expect.poll(() => query(page)).toEqual({});
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  for (const width of [320, 360]) {
    await page.setViewportSize({ width, height: 740 });
    for (const name of ['All', 'Product', 'Service']) {
      expect(await tappable(page, typeButton(page, name)), `${name} at ${width} px`).toBe('ok');
    }
    expect(await tappable(page, searchBox(page))).toBe('ok');
    await noSidewaysScroll(page);
  }
});

test("the sign-up screen's 'Browse listings' is a button a thumb finds", async ({ page }) => {
  await page.goto('/signup');
  const browse = page.getByRole('main').getByRole('link', { name: 'Browse listings' });
  const box = await browse.boundingBox();
  // On the first screen, without scrolling.
  expect(box && box.y + box.height).toBeLessThanOrEqual(740);
  expect(box?.height).toBeGreaterThanOrEqual(44);
  expect(box?.width).toBeGreaterThanOrEqual(180);
  const looks = await browse.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      fontSize: Number.parseFloat(style.fontSize),
      border: style.borderTopWidth,
      line: style.textDecorationLine,
    };
  });
  expect(looks.fontSize).toBeGreaterThanOrEqual(16);
  expect(looks.border).not.toBe('0px');
  expect(looks.line).toBe('none');
  await page.screenshot({ path: test.info().outputPath('signup-browse-360.png') });
  expect(await tappable(page, browse)).toBe('ok');
  await browse.tap();
  await expect(page).toHaveURL(/\/infinite$/);
});
