import type { Page } from '@playwright/test';
import type { RollingFeedItem } from '../shared/api-types';
import { MSG } from '../shared/messages';
import { createPost, createPosts, signInSeller, uniqueTag } from './data';
import { expect, expectNoAxeViolations, signedInUser, test } from './fixtures';

const cardNames = (page: Page) =>
  page.getByRole('list', { name: 'Posts' }).getByRole('heading', { level: 2 });

/** The post ids of the listed cards, top to bottom (each card's title links to its post). */
const cardIds = (page: Page) =>
  cardNames(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => Number(link.getAttribute('href')?.split('/').pop())));

/**
 * Scrolls down most of a screen at a time to the end of the feed, noting every card drawn on the way
 * (the feed keeps only the cards near the screen, decision 019): their names in feed order. At the
 * bottom it waits for the next page of cards (or the end), however long the database or machine takes.
 */
async function scrollToEnd(page: Page): Promise<string[]> {
  const end = page.getByText(MSG.empty.feedEnd);
  const seen = new Map<number, string>();
  const note = async () => {
    const drawn = await page
      .getByRole('list', { name: 'Posts' })
      .getByRole('listitem')
      .evaluateAll((items) =>
        items.map(
          (item) =>
            [
              Number(item.getAttribute('aria-posinset')),
              item.querySelector('h2')?.textContent ?? '',
            ] as const,
        ),
      );
    for (const [position, name] of drawn) seen.set(position, name);
  };
  const height = () => page.evaluate(() => document.documentElement.scrollHeight);
  for (;;) {
    await note();
    if (await end.isVisible()) break;
    const before = await height();
    const atBottom = await page.evaluate(
      () =>
        new Promise<boolean>((done) => {
          window.scrollBy(0, window.innerHeight * 0.8);
          requestAnimationFrame(() =>
            requestAnimationFrame(() =>
              done(window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2),
            ),
          );
        }),
    );
    if (atBottom)
      await expect
        .poll(async () => (await end.isVisible()) || (await height()) > before, {
          message: `at the bottom of ${seen.size} cards, more load or the end shows`,
        })
        .toBe(true);
  }
  return [...seen.entries()].sort(([a], [b]) => a - b).map(([, name]) => name);
}

test.describe('Rolling feed (/infinite)', () => {
  test("pages through products and services with form-encoded cursors to 'No more posts, you've reached the end'", async ({
    page,
    request,
  }) => {
    // Pages through every post in the shared database, which grows with each journey.
    test.setTimeout(180_000);
    const tag = uniqueTag();
    await signInSeller(request);
    // More than one first payload's worth (10 + 10), so both lists need a second page.
    const made = await createPosts(
      request,
      Array.from({ length: 24 }, (_, i) => ({
        name: `${tag} ${i % 2 ? 'service' : 'product'} ${String(i + 1).padStart(2, '0')}`,
        type: i % 2 ? ('service' as const) : ('product' as const),
      })),
    );
    // Collected here, checked below (an expect inside the handler would not fail the test properly).
    const cursorRequests: { contentType: string; body: string }[] = [];
    page.on('request', (req) => {
      if (/\/api\/rolling-feed-(products|services)$/.test(req.url()))
        cursorRequests.push({ contentType: req.headers()['content-type'] ?? '', body: req.postData() ?? '' });
    });

    // A visitor: no sign-in needed.
    await page.goto('/infinite');
    await expect(page.getByRole('heading', { level: 1, name: 'Latest posts' })).toBeVisible();
    await expect(cardNames(page).first()).toBeVisible();
    await expectNoAxeViolations(page);
    const allNames = await scrollToEnd(page);

    expect(cursorRequests.length).toBeGreaterThan(0);
    for (const { contentType } of cursorRequests)
      expect(contentType).toContain('application/x-www-form-urlencoded');
    const cursorBodies = cursorRequests.map(({ body }) => body);
    expect(cursorBodies.some((body) => /^incomingProductCursor=[\w-]+/.test(body))).toBe(true);
    expect(cursorBodies.some((body) => /^incomingServiceCursor=[\w-]+/.test(body))).toBe(true);

    // Every one of ours exactly once; each type newest first.
    const names = allNames.filter((name) => name.startsWith(tag));
    expect(names).toHaveLength(made.length);
    expect(new Set(names).size).toBe(made.length);
    const ofType = (type: string) => names.filter((name) => name.includes(type));
    const expected = (type: string) =>
      made
        .filter((post) => post.name.includes(type))
        .map((post) => post.name)
        .reverse();
    expect(ofType('product')).toEqual(expected('product'));
    expect(ofType('service')).toEqual(expected('service'));

    // A card leads to the post's own page (from the top, down to where its card is drawn).
    const first = made.at(-1);
    if (!first) throw new Error('no post');
    const link = page.getByRole('link', { name: first.name });
    await page.evaluate(() => window.scrollTo(0, 0));
    for (let step = 0; step < 500 && (await link.count()) === 0; step++) {
      await page.evaluate(
        () =>
          new Promise((done) => {
            window.scrollBy(0, window.innerHeight * 0.8);
            requestAnimationFrame(() => requestAnimationFrame(done));
          }),
      );
    }
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/posts/${first.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

    test('pull down past 50 px and release refreshes from the first payload', async ({ page, request }) => {
      await signInSeller(request);
      // A post of our own, so the feed has cards whichever journeys ran before this one.
      await createPost(request, { name: `${uniqueTag()} already there` });
      await page.goto('/infinite');
      await expect(cardNames(page).first()).toBeVisible();
      const fresh = await createPost(request, { name: `${uniqueTag()} just published` });
      await expect(page.getByRole('link', { name: fresh.name })).toHaveCount(0);

      const cdp = await page.context().newCDPSession(page);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints: type === 'touchEnd' ? [] : [{ x: 180, y }],
        });
      // A short pull does nothing.
      await touch('touchStart', 200);
      await touch('touchMove', 230);
      await expect(page.getByText('Pull to refresh')).toBeVisible();
      await touch('touchEnd', 230);
      await expect(page.getByText('Pull to refresh')).toBeHidden();

      await touch('touchStart', 200);
      await touch('touchMove', 240);
      await touch('touchMove', 280);
      await expect(page.getByText('Release to refresh')).toBeVisible();
      const reload = page.waitForResponse((res) => res.url().endsWith('/api/first-payload'));
      await touch('touchEnd', 280);
      const payload = (await (await reload).json()) as { posts: RollingFeedItem[] };
      const payloadIds = payload.posts.map((post) => post.postId);
      // The list starts over from the new first payload...
      await expect.poll(async () => (await cardIds(page)).slice(0, payloadIds.length)).toEqual(payloadIds);
      // ...which holds the post published after the page loaded. Other journeys publish at the same
      // time, so ours is near the top rather than surely first, and only ten newer products push it out.
      if (payloadIds.includes(fresh.id))
        await expect(page.getByRole('link', { name: fresh.name })).toHaveCount(1);
      else
        expect(
          payload.posts.filter((post) => post.type === 'Product' && post.postId > fresh.id),
        ).toHaveLength(10);
    });

    test('cards stack in one column on a 360 px screen', async ({ page, request }) => {
      const tag = uniqueTag();
      await signInSeller(request);
      await createPosts(request, [{ name: `${tag} one` }, { name: `${tag} two` }, { name: `${tag} three` }]);
      await signedInUser(page, 'Rudo Chari');
      await page.goto(`/home?search=${tag}`);
      await expect(cardNames(page)).toHaveCount(3);
      const boxes = await page
        .getByRole('list', { name: 'Posts' })
        .getByRole('listitem')
        .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON()));
      for (const [i, box] of boxes.entries()) {
        expect(box.x).toBe(boxes[0]?.x);
        expect(box.width).toBe(boxes[0]?.width);
        expect(box.width).toBeGreaterThan(300);
        if (i > 0) expect(box.y).toBeGreaterThan((boxes[i - 1]?.y ?? 0) + (boxes[i - 1]?.height ?? 0) - 1);
      }
      // Nothing is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(page);
      await page.goto('/infinite');
      await expect(cardNames(page).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  });
});
