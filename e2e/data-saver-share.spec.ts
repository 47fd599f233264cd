// Kind to data bundles (decision 026): with Data saver on, the feeds load no images until one is
// asked for, and the About page says what the visit downloaded; Share falls back to a WhatsApp link
// carrying the post's name, price and link (or the seller's name and page).
import type { Page } from '@playwright/test';
import { createPosts, getPost, signInSeller, uniqueTag } from './data';
import { expect, expectNoAxeViolations, signedInUser, test } from './fixtures';

/** Counts the image requests (`/media/...`) the page makes from now on. */
function countImageRequests(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/media/')) seen.push(request.url());
  });
  return seen;
}

test('Data saver: the feeds load no images until one is tapped, remembered across pages', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  await signInSeller(request, 'Chipo Ndlovu');
  const [lamp] = await createPosts(request, [
    { name: `${tag} desk lamp`, images: 1 },
    { name: `${tag} kettle`, images: 1 },
  ]);
  if (!lamp) throw new Error('posts not created');

  await page.goto('/infinite');
  const saver = page.getByRole('switch', { name: 'Data saver' });
  await expect(saver).toHaveAttribute('aria-checked', 'false');
  await saver.click();
  await expect(saver).toHaveAttribute('aria-checked', 'true');

  const images = countImageRequests(page);
  await page.reload();
  const card = page.getByRole('article').filter({ hasText: lamp.name });
  await expect(card).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: `${tag} kettle` })).toBeVisible();
  await expect(saver).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('main img')).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(images).toEqual([]);

  // A tap loads that card's photo, and only that one.
  await card.getByRole('button', { name: 'Show photo' }).click();
  await expect(card.locator('img')).toHaveCount(1);
  await expect.poll(() => images.length).toBe(1);
  expect(images[0]).toContain('-thumb.webp');

  // /home, signed in: the same choice, still no images.
  images.length = 0;
  await signedInUser(page, 'Rudo Chari');
  await expect(page.getByRole('article').filter({ hasText: lamp.name })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Data saver' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('main img')).toHaveCount(0);
  expect(images).toEqual([]);

  // The About page sums what the visit downloaded.
  await page.getByRole('link', { name: 'About Us' }).first().click();
  await expect(page.getByText(/^Data used this session: \d+(\.\d)? (KB|MB)$/)).toBeVisible();
  await expect(page.getByText('Data used this session: 0 KB')).toHaveCount(0);
});

test('Share falls back to a WhatsApp link with the post, and with the seller page', async ({
  page,
  request,
  baseURL,
}) => {
  // Desktop Chromium has no share sheet here; made certain, so the fallback is what is tested.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined }));
  const tag = uniqueTag();
  const seller = await signInSeller(request, 'Nyasha Gumbo');
  const [bike] = await createPosts(request, [{ name: `${tag} mountain bike`, price: '120' }]);
  if (!bike) throw new Error('post not created');
  const userId = (await getPost(request, bike.id)).Product?.userId;

  await page.goto(`/posts/${bike.id}`);
  const share = page.getByRole('link', { name: 'Share on WhatsApp' });
  await expect(share).toBeVisible();
  const href = new URL((await share.getAttribute('href')) ?? '');
  expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/');
  expect(href.searchParams.get('text')).toBe(`${bike.name}, $120 per item ${baseURL}/posts/${bike.id}`);
  await expect(share).toHaveAttribute('target', '_blank');
  await expectNoAxeViolations(page);

  await page.goto(`/users/${userId}`);
  const sellerShare = page.getByRole('link', { name: 'Share on WhatsApp' });
  const sellerHref = new URL((await sellerShare.getAttribute('href')) ?? '');
  expect(sellerHref.searchParams.get('text')).toBe(
    `${seller.name} on Zim Marketplace ${baseURL}/users/${userId}`,
  );
});
