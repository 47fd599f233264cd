// Payment-method quick choices and the preview's sale status on a phone (issue 14): a seller taps
// EcoCash and Cash USD under Payment methods (chips of touch size that wrap inside 360 px), the preview
// reads 'EcoCash, Cash USD'; published, the post is marked reserved from the preview itself, which shows
// the 'Reserved' badge, also after a reload. Axe on the form and the preview.
import type { Page } from '@playwright/test';
import { MSG } from '../shared/messages';
import { uniqueTag } from './data';
import { expect, expectNoAxeViolations, signedInUser, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

const chip = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Quick choices' }).getByRole('button', { name, exact: true });

test('quick choices fill Payment methods; the preview marks the published post reserved', async ({
  page,
}) => {
  await signedInUser(page, 'Nyasha Gumbo');
  const name = `Solar panel 200W ${uniqueTag()}`;
  await page.goto('/product/Sell');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Price', { exact: true }).fill('85');

  const payment = page.getByLabel('Payment methods', { exact: true });
  await chip(page, 'EcoCash').tap();
  await chip(page, 'Cash USD').tap();
  await expect(payment).toHaveValue('EcoCash, Cash USD');
  await expect(chip(page, 'EcoCash')).toHaveAttribute('aria-pressed', 'true');
  await expect(chip(page, 'Cash ZiG')).toHaveAttribute('aria-pressed', 'false');
  // A second tap takes a choice out; typing stays free and the chips follow the text.
  await chip(page, 'Swipe').tap();
  await expect(payment).toHaveValue('EcoCash, Cash USD, Swipe');
  await chip(page, 'Swipe').tap();
  await expect(payment).toHaveValue('EcoCash, Cash USD');
  await expect(chip(page, 'Swipe')).toHaveAttribute('aria-pressed', 'false');

  // Every chip is a 44 px touch target and the row wraps inside the phone's width.
  const boxes = await page
    .getByRole('group', { name: 'Quick choices' })
    .getByRole('button')
    .evaluateAll((all) => all.map((el) => el.getBoundingClientRect()).map((r) => [r.height, r.right]));
  expect(boxes).toHaveLength(7);
  for (const [height, right] of boxes) {
    expect(height).toBeGreaterThanOrEqual(44);
    expect(right).toBeLessThanOrEqual(360);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.getByLabel('Details', { exact: true }).fill('Monocrystalline, with brackets.');
  await page.getByLabel('Location', { exact: true }).fill('Borrowdale');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Create post' }).tap();

  await expect(page).toHaveURL(/\/product-preview$/);
  const card = page.getByRole('article', { name });
  await expect(card.getByText('EcoCash, Cash USD', { exact: true })).toBeVisible();
  // Not published yet: no status to change.
  await expect(page.getByRole('button', { name: 'Mark reserved' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Publish' }).tap();
  await expect(page.getByText(MSG.preview.published, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Mark reserved' }).tap();
  await expect(page.getByText(MSG.status.changed('Reserved'), { exact: true })).toBeVisible();
  await expect(card.getByText('Reserved', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark available' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The new status is in the preview's navigation state, so a reload keeps it.
  await page.reload();
  await expect(card.getByText('Reserved', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark sold' })).toBeVisible();
});
