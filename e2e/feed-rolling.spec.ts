import type { Page } from '@playwright/test';
import { MSG } from '../shared/messages';
import { createPost, createPosts, signInSeller, uniqueTag } from './data';
import { expect, expectNoAxeViolations, signedInUser, test } from './fixtures';

const cardNames = (page: Page) =>
  page.getByRole('list', { name: 'Posts' }).getByRole('heading', { level: 2 });

async function scrollToEnd(page: Page) {
  const end = page.getByText(MSG.empty.feedEnd);
  for (let i = 0; i < 60 && !(await end.isVisible()); i += 1) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(200);
  }
  await expect(end).toBeVisible();
}

test.describe('Rolling feed (/infinite)', () => {
  test("pages through products and services with form-encoded cursors to 'No more posts, you've reached the end'", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
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
    const cursorBodies: string[] = [];
    page.on('request', (req) => {
      if (/\/api\/rolling-feed-(products|services)$/.test(req.url())) {
        expect(req.headers()['content-type']).toContain('application/x-www-form-urlencoded');
        cursorBodies.push(req.postData() ?? '');
      }
    });

    // A visitor: no sign-in needed.
    await page.goto('/infinite');
    await expect(page.getByRole('heading', { level: 1, name: 'Latest posts' })).toBeVisible();
    await expect(cardNames(page).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await scrollToEnd(page);

    expect(cursorBodies.some((body) => /^incomingProductCursor=[\w-]+/.test(body))).toBe(true);
    expect(cursorBodies.some((body) => /^incomingServiceCursor=[\w-]+/.test(body))).toBe(true);

    // Every one of ours exactly once; each type newest first.
    const names = (await cardNames(page).allTextContents()).filter((name) => name.startsWith(tag));
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

    // A card leads to the post's own page.
    const first = made.at(-1);
    if (!first) throw new Error('no post');
    await page.getByRole('link', { name: first.name }).click();
    await expect(page).toHaveURL(new RegExp(`/posts/${first.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

    test('pull down past 50 px and release refreshes from the first payload', async ({ page, request }) => {
      await signInSeller(request);
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
      const reload = page.waitForRequest((req) => req.url().endsWith('/api/first-payload'));
      await touch('touchEnd', 280);
      await reload;
      // Other journeys publish at the same time, so ours is near the top rather than surely first.
      await expect(page.getByRole('link', { name: fresh.name })).toHaveCount(1);
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
