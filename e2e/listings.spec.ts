// Listings journeys (spec §2, §4, §5, §8): create a product and a service, the image picker's rules,
// create-then-upload with a retry that keeps the post, Post Preview (edit, save, publish, Next) and the
// Account Dashboard's publish toggle, removing an uploaded image in Edit mode; axe on every screen.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { CATEGORIES, CITIES } from '../shared/catalog';
import { MSG } from '../shared/messages';
import { expect, expectNoAxeViolations, signedInUser, test } from './fixtures';

type Upload = { name: string; mimeType: string; buffer: Buffer };

const solid = async (name: string, color: string, width = 640, height = 480): Promise<Upload> => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer(),
});

/** A phone-sized photo-like JPEG (gradient and grain, about 2 MB): big enough to be downscaled. */
async function phonePhoto(): Promise<Upload> {
  const [width, height] = [2400, 1800];
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = ((x * 255) / width + Math.random() * 40) | 0;
      raw[i + 1] = ((y * 255) / height + Math.random() * 40) | 0;
      raw[i + 2] = (x + y) % 256;
    }
  }
  const buffer = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return { name: 'market-stall.jpg', mimeType: 'image/jpeg', buffer };
}

const picker = (page: Page) => page.getByLabel('Add images');
const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

async function openForm(page: Page, sellOrBuy: 'Buy' | 'Sell', kind: 'Product' | 'Service') {
  await page.getByRole('link', { name: 'Create Post' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create new post' })).toBeVisible();
  await page.getByLabel('Are you looking to sell or buy?').selectOption(sellOrBuy);
  await page.getByLabel('Product or service?').selectOption(kind);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/${kind.toLowerCase()}/${sellOrBuy}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Create a ${kind} Listing` })).toBeVisible();
}

async function fill(page: Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    const field = page.getByLabel(label, { exact: true });
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }
}

/** The user's posts as the API sees them, to prove what was (and was not) created. */
async function myPosts(page: Page) {
  const userId = await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}').id);
  const res = await page.request.get(`/api/my-created-posts?userId=${userId}`);
  expect(res.status()).toBe(200);
  return (await res.json()).posts as Array<{ id: number; Product: unknown; Service: unknown }>;
}

/** Every image on the page has loaded (a broken URL has no natural width). */
async function expectImagesLoaded(page: Page, count: number) {
  const images = page.locator('main img');
  await expect(images).toHaveCount(count);
  await expect
    .poll(() =>
      images.evaluateAll((all) => all.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length),
    )
    .toBe(count);
}

test.describe('Listings', () => {
  test('a product for sale with 2 images: create, preview, edit and save, publish, Next, dashboard toggle', async ({
    page,
  }) => {
    await signedInUser(page, 'Rudo Chari');
    await page.getByRole('link', { name: 'Create Post' }).click();
    await expect(page.getByLabel('Are you looking to sell or buy?')).toHaveValue('Buy');
    await expect(page.getByLabel('Product or service?')).toHaveValue('Product');
    await expectNoAxeViolations(page);
    await openForm(page, 'Sell', 'Product');

    await expect(page.getByLabel('Category')).toHaveValue('Electronics');
    await expect(page.getByLabel('City')).toHaveValue('Harare');
    await expect(page.getByLabel('Category').locator('option')).toHaveText([...CATEGORIES]);
    await expect(page.getByLabel('City').locator('option')).toHaveText([...CITIES]);

    // Nothing is sent while any check fails.
    const sent: string[] = [];
    page.on('request', (r) => r.method() !== 'GET' && sent.push(new URL(r.url()).pathname));
    await page.getByRole('button', { name: 'Create post' }).click();
    for (const message of [
      MSG.create.nameRequired,
      MSG.create.priceRequired,
      MSG.create.paymentRequired,
      MSG.create.detailsRequired,
      MSG.create.locationRequired,
    ])
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(page.getByLabel('Name')).toBeFocused();
    await expectNoAxeViolations(page);
    expect(sent).toEqual([]);

    await fill(page, {
      Name: 'Samsung Galaxy A14, 64 GB',
      Category: 'Electronics',
      Price: '120',
      'Payment methods': 'Cash, EcoCash',
      Details: 'Used for six months.\nComes with charger and box.',
      City: 'Bulawayo',
      Location: 'Hillside',
    });
    const photo = await phonePhoto();
    await picker(page).setInputFiles([photo, await solid('back.png', '#2471a3')]);
    await expect(page.getByRole('img', { name: 'market-stall.jpg' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'back.png' })).toBeVisible();
    await expectNoAxeViolations(page);

    const upload = page.waitForRequest((r) => r.url().endsWith('/api/files/upload'));
    await page.getByRole('button', { name: 'Create post' }).click();
    // The 2 MB phone photo was downscaled in the browser before it left.
    expect((await upload).postDataBuffer()?.length ?? 0).toBeLessThan(photo.buffer.length);

    await expect(page).toHaveURL(/\/product-preview$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Post Preview' })).toBeVisible();
    const card = page.getByRole('article', { name: 'Samsung Galaxy A14, 64 GB' });
    await expect(card.getByText('$120 per item')).toBeVisible();
    for (const text of ['Electronics', 'Cash, EcoCash', 'Bulawayo', 'Hillside', 'Not published'])
      await expect(card.getByText(text, { exact: true })).toBeVisible();
    await expect(card.getByText('Used for six months.')).toBeVisible();
    await expectImagesLoaded(page, 2);
    await expectNoAxeViolations(page);

    // Edit and save.
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByLabel('Price')).toHaveValue('120');
    await page.getByLabel('Price').fill('110');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, MSG.preview.updated)).toBeVisible();
    await expect(card.getByText('$110 per item')).toBeVisible();
    await expect(toast(page, MSG.preview.updated)).toBeHidden();

    // Publish: Edit disabled, Publish gone, Next to the dashboard.
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(toast(page, MSG.preview.published)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Publish' })).toHaveCount(0);
    await expect(card.getByText('Published', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    // The preview keeps the published state across a reload.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Edit' })).toBeDisabled();
    await page.getByRole('link', { name: 'Next' }).click();

    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account Dashboard' })).toBeVisible();
    await expect(page.getByText('Welcome, Rudo Chari')).toBeVisible();
    await expect(page.getByText('(1 post)')).toBeVisible();
    const posts = await myPosts(page);
    expect(posts).toHaveLength(1);
    await expect(
      page.getByText(
        `User ID: ${await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}').id)}`,
      ),
    ).toBeVisible();
    const dashCard = page.getByRole('article', { name: 'Samsung Galaxy A14, 64 GB' });
    await expect(dashCard.getByText('$110 per item')).toBeVisible();
    await expectImagesLoaded(page, 1);
    await expectNoAxeViolations(page);

    await dashCard.getByRole('button', { name: 'Unpublish' }).click();
    // Unpublishing asks first (issue 16).
    await page
      .getByRole('dialog', { name: MSG.account.confirmUnpublishTitle })
      .getByRole('button', { name: 'Unpublish' })
      .click();
    await expect(toast(page, MSG.account.unpublished)).toBeVisible();
    await expect(dashCard.getByText('Not published')).toBeVisible();
    await dashCard.getByRole('button', { name: 'Publish' }).click();
    await expect(toast(page, MSG.account.published)).toBeVisible();
    await expect(dashCard.getByRole('button', { name: 'Unpublish' })).toBeEnabled();

    const images = await page.request.get(`/api/files/product/${posts[0]?.id}`);
    expect((await images.json()).images).toHaveLength(2);

    // The card opens the post's preview again, with all its images; published, so no Edit.
    await dashCard.getByRole('link', { name: 'Samsung Galaxy A14, 64 GB' }).click();
    await expect(page).toHaveURL(/\/product-preview$/);
    await expectImagesLoaded(page, 2);
    await expect(page.getByRole('button', { name: 'Edit' })).toBeDisabled();
  });

  test('removing an uploaded image in Edit mode: it is gone after a reload and on the server', async ({
    page,
  }) => {
    await signedInUser(page, 'Tendai Moyo');
    await openForm(page, 'Sell', 'Product');
    await fill(page, {
      Name: 'Wooden coffee table',
      Price: '45',
      'Payment methods': 'Cash',
      Details: 'Solid teak, a few scratches.',
      Location: 'Avondale',
    });
    await picker(page).setInputFiles([await solid('top.png', '#b7950b'), await solid('legs.png', '#6c3483')]);
    await page.getByRole('button', { name: 'Create post' }).click();
    await expect(page).toHaveURL(/\/product-preview$/);
    await expectImagesLoaded(page, 2);
    // Not outside Edit mode.
    await expect(page.getByRole('button', { name: /^Remove image/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('button', { name: /^Remove image/ })).toHaveCount(2);
    await expectNoAxeViolations(page);
    const removal = page.waitForResponse(
      (r) => r.request().method() === 'DELETE' && /\/api\/files\/\d+$/.test(r.url()),
    );
    await page.getByRole('button', { name: 'Remove image 2' }).click();
    expect((await removal).status()).toBe(200);
    await expectImagesLoaded(page, 1);
    await expect(page.getByRole('button', { name: 'Remove image 2' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Remove image 1' })).toBeFocused();

    // The preview's state keeps the remaining image across a reload, and so does the server.
    await page.reload();
    await expect(page.getByRole('article', { name: 'Wooden coffee table' })).toBeVisible();
    await expectImagesLoaded(page, 1);
    const [post] = await myPosts(page);
    const images = await page.request.get(`/api/files/product/${post?.id}`);
    expect(images.status()).toBe(200);
    expect((await images.json()).images).toHaveLength(1);
  });

  test('a service to buy, without images', async ({ page }) => {
    await signedInUser(page, 'Farai Dube');
    await openForm(page, 'Buy', 'Service');
    await page.getByRole('button', { name: 'Create post' }).click();
    await expect(page.getByText(MSG.create.rateRequired, { exact: true })).toBeVisible();
    await expect(page.getByText(MSG.create.nameRequired, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await fill(page, {
      Name: 'Plumber to fix a geyser',
      Category: 'Home and Kitchen',
      Rate: '15',
      'Payment methods': 'Cash',
      Details: 'The geyser leaks; needs a new valve.',
      City: 'Harare',
      Location: 'Borrowdale',
    });
    await page.getByRole('button', { name: 'Create post' }).click();
    await expect(page).toHaveURL(/\/product-preview$/);
    const card = page.getByRole('article', { name: 'Plumber to fix a geyser' });
    await expect(card.getByText('$15 per hour')).toBeVisible();
    await expect(card.getByText('Buy', { exact: true }).first()).toBeVisible();
    await expect(card.getByText(MSG.images.none)).toBeVisible();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(toast(page, MSG.preview.published)).toBeVisible();
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/account$/);
    const dashCard = page.getByRole('article', { name: 'Plumber to fix a geyser' });
    await expect(dashCard.getByText('No image')).toBeVisible();
    await expect(dashCard.getByText('Service', { exact: true })).toBeVisible();
    await expect(dashCard.getByRole('button', { name: 'Unpublish' })).toBeVisible();
    const [post] = await myPosts(page);
    expect(post?.Service).toMatchObject({
      rate: '15',
      sell_or_buy: 'Buy',
      isPublished: true,
      type: 'service',
    });

    // Unpublished again, it can be edited from its preview.
    await dashCard.getByRole('button', { name: 'Unpublish' }).click();
    await page
      .getByRole('dialog', { name: MSG.account.confirmUnpublishTitle })
      .getByRole('button', { name: 'Unpublish' })
      .click();
    await expect(toast(page, MSG.account.unpublished)).toBeVisible();
    await dashCard.getByRole('link', { name: 'Plumber to fix a geyser' }).click();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Rate').fill('18');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, MSG.preview.updated)).toBeVisible();
    await expect(page.getByText('$18 per hour')).toBeVisible();
  });

  test("the picker's three messages, the 5-image limit and removal", async ({ page }) => {
    await signedInUser(page);
    await page.goto('/product/Sell');
    const alert = page.getByRole('alert');

    await picker(page).setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect(alert).toHaveText(MSG.images.notImage);
    await picker(page).setInputFiles({
      name: 'huge.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(5_242_881, 1),
    });
    await expect(alert).toHaveText(MSG.images.tooBig);
    await expect(page.getByRole('img')).toHaveCount(0);

    const six = await Promise.all(
      ['#c0392b', '#2471a3', '#1e8449', '#b7950b', '#6c3483', '#117a65'].map((c, i) =>
        solid(`photo-${i + 1}.png`, c, 120, 90),
      ),
    );
    await picker(page).setInputFiles(six);
    await expect(alert).toHaveText(MSG.images.tooMany);
    await expect(page.locator('main img')).toHaveCount(5);
    await expect(page.getByRole('img', { name: 'photo-6.png' })).toHaveCount(0);
    await expect(picker(page)).toBeDisabled();
    await expect(page.getByText('5 of 5 chosen')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Remove photo-2.png' }).click();
    await expect(page.locator('main img')).toHaveCount(4);
    await expect(page.getByRole('img', { name: 'photo-2.png' })).toHaveCount(0);
    await expect(picker(page)).toBeEnabled();
  });

  test('a failed upload keeps the post; the retry uploads to it and never creates a second one', async ({
    page,
  }) => {
    await signedInUser(page);
    await page.goto('/product/Buy');
    await fill(page, {
      Name: 'Wanted: maize sheller',
      Price: '300',
      'Payment methods': 'Bank transfer',
      Details: 'Hand-operated is fine.',
      Location: 'Mbare',
    });
    await picker(page).setInputFiles(await solid('sheller.png', '#1e8449'));
    await page.route('**/api/files/upload', (route) =>
      route.fulfill({ status: 429, json: { message: MSG.errors.rateLimited } }),
    );
    await page.getByRole('button', { name: 'Create post' }).click();
    await expect(page.getByText(MSG.create.uploadFailed)).toBeVisible();
    await expect(page).toHaveURL(/\/product\/Buy$/);
    await expectNoAxeViolations(page);
    expect(await myPosts(page)).toHaveLength(1);

    await page.unroute('**/api/files/upload');
    await page.getByLabel('Name').fill('Wanted: maize sheller (hand)');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/product-preview$/);
    await expect(page.getByRole('article', { name: 'Wanted: maize sheller (hand)' })).toBeVisible();
    await expectImagesLoaded(page, 1);
    const posts = await myPosts(page);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.Product).toMatchObject({ name: 'Wanted: maize sheller (hand)', sell_or_buy: 'Buy' });
  });

  test('empty states: no preview state, an unknown listing type, a dashboard without posts', async ({
    page,
  }) => {
    await signedInUser(page);
    await page.goto('/product-preview');
    await expect(page.getByText(MSG.preview.noDetails)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create a post' })).toHaveAttribute('href', '/create');
    await expectNoAxeViolations(page);

    await page.goto('/service/Rent');
    await expect(page.getByRole('alert')).toContainText('either Buy or Sell');
    await page.getByRole('link', { name: 'Choose what to create' }).click();
    await expect(page).toHaveURL(/\/create$/);

    await page.getByRole('link', { name: 'Account' }).click();
    await expect(page.getByText(MSG.account.empty)).toBeVisible();
    await expect(page.getByText('(0 posts)')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
