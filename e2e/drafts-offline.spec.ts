// Drafts on the device and the offline queue (decision 026): a half-written listing with an image
// survives a reload and goes on Discard; a post sent offline goes out once, with its image, when the
// connection returns.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { MSG } from '../shared/messages';
import { expect, expectNoAxeViolations, signedInUser, test } from './fixtures';

const png = async (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer(),
});

/** How many images the draft store holds for the signed-in user's Sell-a-product form. */
const storedImages = (page: Page) =>
  page.evaluate(async () => {
    const userId = JSON.parse(localStorage.getItem('userData') ?? '{}').id;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('marketplace-drafts', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('images');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const files = await new Promise<unknown[] | undefined>((resolve) => {
      const get = db.transaction('images').objectStore('images').get(`draft:${userId}:create:product:Sell`);
      get.onsuccess = () => resolve(get.result as unknown[] | undefined);
      get.onerror = () => resolve(undefined);
    });
    db.close();
    return files?.length ?? 0;
  });

const myPostCount = async (page: Page) => {
  const userId = await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}').id);
  const res = await page.request.get(`/api/my-created-posts?userId=${userId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()).posts as unknown[]).length;
};

test.describe('Drafts and the offline queue', () => {
  test('a draft with an image survives a reload, and Discard removes it', async ({ page }) => {
    await signedInUser(page, 'Rudo Chari');
    await page.goto('/product/Sell');
    await page.getByLabel('Name').fill('Two-plate gas stove');
    await page.getByLabel('Details').fill('Hardly used.');
    await page.getByLabel('Add images').setInputFiles([await png('stove.png')]);
    await expect(page.getByText('1 of 5 chosen')).toBeVisible();
    await expect.poll(() => storedImages(page)).toBe(1);

    await page.reload();
    await expect(page.getByText('Draft restored')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('Two-plate gas stove');
    await expect(page.getByLabel('Details')).toHaveValue('Hardly used.');
    await expect(page.getByText('1 of 5 chosen')).toBeVisible();
    await expect(page.getByRole('img', { name: /stove\.png/ })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Discard draft' }).click();
    await expect(page.getByText('Draft restored')).toBeHidden();
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page.getByText('0 of 5 chosen')).toBeVisible();
    await expect.poll(() => storedImages(page)).toBe(0);
    await page.reload();
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page.getByText('Draft restored')).toBeHidden();
  });

  test('signing out takes the draft photos off the phone, though the form had them open', async ({
    page,
  }) => {
    await signedInUser(page, 'Tanaka Moyo');
    await page.goto('/product/Sell');
    await page.getByLabel('Name').fill('Bread maker');
    await page.getByLabel('Add images').setInputFiles([await png('bread.png')]);
    await expect.poll(() => storedImages(page)).toBe(1);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);
    const databases = () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
    await expect.poll(databases).not.toContain('marketplace-drafts');
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('draft:'))),
    ).toEqual([]);
  });

  test('a post created offline is sent once, with its image, when the connection returns', async ({
    page,
    context,
  }) => {
    await signedInUser(page, 'Farai Dube');
    await page.goto('/product/Sell');
    await page.getByLabel('Name').fill('Solar lantern');
    await page.getByLabel('Price').fill('15');
    await page.getByLabel('Payment methods').fill('EcoCash');
    await page.getByLabel('Details').fill('Charges in a day.');
    await page.getByLabel('Location').fill('Mbare');
    await page.getByLabel('Add images').setInputFiles([await png('lantern.png')]);
    await expect.poll(() => myPostCount(page)).toBe(0);
    // The form's upload code loads just after it is shown: on a slow machine, let it arrive first
    // (going offline in the middle would log a failed load, which the journey counts as an error).
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Create post' }).click();
    await expect(page.getByText(MSG.create.queuedOffline)).toBeVisible();
    await expectNoAxeViolations(page);

    await context.setOffline(false);
    await expect(page).toHaveURL(/\/product-preview$/);
    await expect(page.getByRole('heading', { name: 'Solar lantern' })).toBeVisible();
    await expect(page.locator('main img')).toHaveCount(1);
    expect(await myPostCount(page)).toBe(1);
    // The draft went with the post: the form opens empty.
    await page.goto('/product/Sell');
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page.getByText('Draft restored')).toBeHidden();
    expect(await myPostCount(page)).toBe(1);
  });
});
