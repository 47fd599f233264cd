// Issue 33 on two phones: a buyer searches /home, taps 'Save this search'; a seller publishes a post
// that matches; within SAVED_SEARCH_CHECK_SECONDS the buyer's bell rises without a reload, and the
// notification opens the post. /notifications, its settings and /saved-searches pass axe at 360 px.
import type { Browser } from '@playwright/test';
import { createPost, uniqueTag } from './data';
import {
  expect,
  expectNoAxeViolations,
  newUser,
  registerViaApi,
  signedInUser,
  signInViaScreen,
  test,
} from './fixtures';

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };
test.use(PHONE);

async function sellerPhone(browser: Browser) {
  const context = await browser.newContext({
    ...PHONE,
    baseURL: `http://localhost:${process.env.E2E_PORT}`,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const user = newUser('Chipo Seller');
  await registerViaApi(page, user);
  await signInViaScreen(page, user);
  return { context, page };
}

test('a saved search: the seller publishes a match, the buyer’s bell rises and opens the post', async ({
  browser,
  page,
}, testInfo) => {
  await signedInUser(page, 'Tendai Buyer');
  const tag = uniqueTag();
  await page.goto(`/home?search=${tag}&city=Bulawayo`);
  const bell = page.getByRole('link', { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save this search' }).tap();
  await expect(page.getByText('Search saved. We will tell you when new posts match.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('home-saved-360.png') });

  const seller = await sellerPhone(browser);
  // Not a match (another city), then a match.
  await createPost(seller.page.request, { name: `Honda Fit ${tag}`, city: 'Harare' });
  const match = await createPost(seller.page.request, { name: `Honda Fit ${tag} 2012`, city: 'Bulawayo' });

  // No reload: the live stream brings the count.
  const rising = page.getByRole('link', { name: 'Notifications, 1 unread' });
  await expect(rising).toBeVisible({ timeout: 15_000 });
  await rising.tap();
  await expect(page).toHaveURL(/\/notifications$/);
  const row = page.getByRole('link', { name: new RegExp(`1 new post matches "${tag}" in Bulawayo`) });
  await expect(row).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('notifications-360.png') });
  await expectNoAxeViolations(page);
  await row.tap();
  await expect(page).toHaveURL(new RegExp(`/posts/${match.id}$`));
  await expect(page.getByRole('heading', { name: `Honda Fit ${tag} 2012` }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toHaveCount(0);

  await page.goto('/saved-searches');
  const saved = page.getByRole('link', { name: new RegExp(`^"${tag}" in Bulawayo`) });
  await expect(saved).toContainText('1 new post');
  await page.screenshot({ path: testInfo.outputPath('saved-searches-360.png') });
  await expectNoAxeViolations(page);

  await page.goto('/settings/notifications');
  const comments = page.getByRole('switch', { name: 'Comments and likes on my posts' });
  await expect(comments).toBeChecked();
  await comments.tap();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('notification-settings-360.png') });
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Comments and likes on my posts' })).not.toBeChecked();
  await seller.context.close();
});
