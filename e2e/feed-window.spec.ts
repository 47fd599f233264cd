// Long feeds on a 360x740 phone (issue 16): the page keeps a bounded number of cards however far the
// reader scrolls, Back and 'Back to Posts' return to the same card at the same place, and the first
// screen of /home shows more than one card.
import type { Page } from '@playwright/test';
import { MSG } from '../shared/messages';
import { createPosts, signInSeller, uniqueTag } from './data';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

/** Three blocks of 24 (web/features/feed/use-block-window.ts): what a phone may hold at once. */
const MAX_CARDS_IN_PAGE = 72;

const feed = (page: Page) => page.getByRole('list', { name: 'Posts' });
const cardsInPage = (page: Page) => feed(page).getByRole('article').count();
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Signs a seller in and publishes `count` posts named '<prefix> <tag> <i>'; returns the tag. */
async function publishMany(page: Page, count: number, prefix: string): Promise<string> {
  await signInSeller(page.request);
  const tag = uniqueTag();
  await createPosts(
    page.request,
    Array.from({ length: count }, (_, i) => ({ name: `${prefix} ${tag} ${i}` })),
  );
  return tag;
}

/** Scrolls down screen by screen until the end of the feed shows; returns the most cards seen at once. */
async function scrollToEnd(page: Page): Promise<number> {
  const end = page.getByText(MSG.empty.feedEnd);
  let most = 0;
  for (let step = 0; step < 400 && !(await end.isVisible()); step++) {
    // A screen and a bit at a time, then two frames for the blocks near the new place to be drawn.
    await page.evaluate(
      () =>
        new Promise((done) => {
          window.scrollBy(0, 1000);
          requestAnimationFrame(() => requestAnimationFrame(done));
        }),
    );
    most = Math.max(most, await cardsInPage(page));
  }
  await expect(end).toBeVisible();
  return Math.max(most, await cardsInPage(page));
}

/** Waits until the page stops moving (blocks drawn after a jump settle the heights around it). */
async function settled(page: Page) {
  let last = -1;
  await expect
    .poll(
      async () => {
        const y = await scrollY(page);
        const same = y === last;
        last = y;
        return same;
      },
      { intervals: [150, 250, 400] },
    )
    .toBe(true);
}

/** The names of the cards whose titles are on screen now (clear of the header and the bottom edge). */
const namesOnScreen = (page: Page) =>
  feed(page)
    .getByRole('heading', { level: 2 })
    .evaluateAll((headings) =>
      headings
        .filter((h) => {
          const { top, bottom } = h.getBoundingClientRect();
          return top > 80 && bottom < window.innerHeight - 80;
        })
        .map((h) => h.textContent ?? ''),
    );

/**
 * A card whose name link is on screen, and where it is: after a jump the blocks there are drawn a
 * frame or more later, so this waits for one, and for the page to stop moving.
 */
async function cardOnScreen(page: Page) {
  await expect.poll(async () => (await namesOnScreen(page)).length).toBeGreaterThan(0);
  await settled(page);
  const [name] = await namesOnScreen(page);
  if (!name) throw new Error('no card on screen');
  const link = feed(page).getByRole('link', { name, exact: true });
  const box = await link.boundingBox();
  if (!box) throw new Error('card not drawn');
  return { name, link, top: Math.round(box.y) };
}

test('/infinite keeps a bounded number of cards to the end; Back and Back to Posts return to the card', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await publishMany(page, 130, 'Window');
  await page.goto('/infinite');
  await expect(feed(page).getByRole('article').first()).toBeVisible();
  const most = await scrollToEnd(page);
  const total = Number(await feed(page).getByRole('listitem').last().getAttribute('aria-setsize'));
  expect(total).toBeGreaterThanOrEqual(130);
  expect(most).toBeLessThanOrEqual(MAX_CARDS_IN_PAGE);
  test.info().annotations.push({ type: 'cards in page', description: `${most} of ${total} posts` });

  // Halfway up, open a card and come back with the post's 'Back to Posts': the same card, same place,
  // and no new history entry.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  const card = await cardOnScreen(page);
  const y = await scrollY(page);
  const entries = await page.evaluate(() => history.length);
  await card.link.tap();
  await expect(page.getByRole('heading', { level: 1, name: card.name })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Posts' }).tap();
  await expect(page).toHaveURL(/\/infinite$/);
  await expect(card.link).toBeVisible();
  expect(Math.abs((await scrollY(page)) - y)).toBeLessThan(5);
  expect(Math.round((await card.link.boundingBox())?.y ?? -1)).toBe(card.top);
  expect(await page.evaluate(() => history.length)).toBe(entries + 1);

  // The browser's Back does the same.
  await card.link.tap();
  await expect(page.getByRole('heading', { level: 1, name: card.name })).toBeVisible();
  await page.goBack();
  await expect(card.link).toBeVisible();
  expect(Math.abs((await scrollY(page)) - y)).toBeLessThan(5);
});

test('/home keeps a bounded number of cards to the end, and Back from another screen returns to the place', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const tag = await publishMany(page, 100, 'Homewin');
  await page.goto(`/home?search=${tag}`);
  await expect(feed(page).getByRole('article').first()).toBeVisible();
  const most = await scrollToEnd(page);
  expect(most).toBeLessThanOrEqual(MAX_CARDS_IN_PAGE);
  expect(await feed(page).getByRole('listitem').last().getAttribute('aria-setsize')).toBe('100');

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 3));
  const card = await cardOnScreen(page);
  const y = await scrollY(page);
  // Another screen and back: the list is drawn again around the same card.
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await page.getByRole('link', { name: 'About Us' }).tap();
  await expect(page).toHaveURL(/\/about$/);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/home\\?search=${tag}$`));
  await expect(card.link).toBeVisible();
  expect(Math.abs((await scrollY(page)) - y)).toBeLessThan(5);

  // The post open in place, another screen, Back to the post, then Back to Posts: the same card again.
  const top = Math.round((await card.link.boundingBox())?.y ?? -1);
  await card.link.tap();
  await expect(page.getByRole('heading', { level: 1, name: card.name })).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await page.getByRole('link', { name: 'About Us' }).tap();
  await expect(page).toHaveURL(/\/about$/);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: card.name })).toBeVisible();
  await page.getByRole('button', { name: 'Back to Posts' }).tap();
  await expect(card.link).toBeVisible();
  expect(Math.round((await card.link.boundingBox())?.y ?? -1)).toBe(top);
});

test("/home's first screen on a phone shows the search, the filters and more than one card", async ({
  page,
}) => {
  await signInSeller(page.request);
  const tag = uniqueTag();
  await createPosts(
    page.request,
    Array.from({ length: 3 }, (_, i) => ({ name: `First screen ${tag} ${i}` })),
  );
  await page.goto(`/home?search=${tag}`);
  await expect(feed(page).getByRole('article')).toHaveCount(3);
  await expect(
    page.getByRole('heading', { level: 1, name: 'All Published Posts from All Users, All Time' }),
  ).toBeVisible();
  const shown = await feed(page)
    .getByRole('article')
    .evaluateAll((cards) =>
      cards.reduce((sum, card) => {
        const { top, bottom, height } = card.getBoundingClientRect();
        const visible = Math.max(0, Math.min(bottom, window.innerHeight) - Math.max(top, 0));
        return sum + visible / height;
      }, 0),
    );
  test.info().annotations.push({ type: 'cards on the first screen', description: shown.toFixed(2) });
  expect(shown).toBeGreaterThanOrEqual(1.5);
});
