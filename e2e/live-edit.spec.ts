// Editing a live listing on a phone (issue 34, decision 045): the owner changes a published post's price
// from /account in place. The post keeps its place in the feed, its page and the feed show the new
// price at once, a buyer who saved it is told, and the preview's Edit stays disabled (the spec's rule).
import type { Page } from '@playwright/test';
import { MSG } from '../shared/messages';
import { createPosts, signInSeller, uniqueTag } from './data';
import { expect, expectNoAxeViolations, signedInUser, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

const feedNames = (page: Page) => page.getByRole('article').getByRole('heading', { level: 2 });

test('the owner edits a published post from /account: new price everywhere, same place in the feed', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const tag = uniqueTag();
  await signedInUser(page, 'Tendai Seller');
  const [edited, newer] = await createPosts(page.request, [
    { name: `${tag} deep freezer`, price: '250' },
    { name: `${tag} microwave`, price: '60' },
  ]);
  if (!edited || !newer) throw new Error('posts not created');

  // A buyer saves the post first.
  const buyer = await browser.newContext({ baseURL });
  try {
    await signInSeller(buyer.request, 'Rudo Buyer');
    expect((await buyer.request.put(`/api/favourites/${edited.id}`)).status()).toBe(200);

    await page.goto('/account');
    const card = page.getByRole('article', { name: edited.name });
    const edit = card.getByRole('button', { name: `Edit ${edited.name}` });
    await expect(edit).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('account-edit-entry.png') });
    await edit.tap();

    const form = page.getByRole('form', { name: 'Edit post' });
    await expect(page.getByText('This post is live')).toBeVisible();
    await expect(form.getByLabel('Price')).toHaveValue('250');
    // Focus is in the form (its first field).
    await expect(form.locator(':focus')).toHaveCount(1);
    await form.getByLabel('Price').fill('200');
    await page.screenshot({ path: test.info().outputPath('account-edit-form.png'), fullPage: true });
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Save' }).tap();
    await expect(page.getByText(MSG.preview.updated, { exact: true })).toBeVisible();
    await expect(page.getByRole('article', { name: edited.name }).getByText('$200 per item')).toBeVisible();
    await expect(edit).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The feed shows the new price, in the same order as before (no bump).
    await page.goto(`/home?search=${tag}`);
    await expect(feedNames(page)).toHaveText([newer.name, edited.name]);
    await expect(
      page.getByRole('article').filter({ hasText: edited.name }).getByText('$200 per item'),
    ).toBeVisible();
    await page.goto(`/posts/${edited.id}`);
    await expect(page.getByText('$200 per item')).toBeVisible();

    // The preview's Edit stays disabled once published (the spec's screen).
    await page.goto('/account');
    await page.getByRole('article', { name: edited.name }).getByRole('link', { name: edited.name }).tap();
    await expect(page.getByRole('heading', { level: 1, name: 'Post Preview' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeDisabled();

    // The buyer who saved it hears of the new price.
    const told = (await (await buyer.request.get('/api/notifications')).json()) as {
      notifications: { kind: string; text: string }[];
    };
    expect(told.notifications.map((n) => n.kind)).toEqual(['favourite-price']);
    expect(told.notifications[0]?.text).toContain('$200 per item');
  } finally {
    await buyer.close();
  }
});
