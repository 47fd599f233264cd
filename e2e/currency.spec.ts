// Two currencies on a phone (issue 14): a seller lists in ZiG through the form, the preview and the feed
// read 'ZiG 650 per item', and /home's Currency filter finds it.
import { uniqueTag } from './data';
import { expect, expectNoAxeViolations, signedInUser, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test('a ZiG listing is created, shown as ZiG and found with the currency filter', async ({ page }) => {
  await signedInUser(page, 'Farai Dube');
  const tag = uniqueTag();
  const name = `Maize meal 10kg ${tag}`;
  await page.goto('/product/Sell');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Currency', { exact: true }).selectOption('ZiG');
  await expect(page.getByText('A number shows as ZiG per item; other words as written.')).toBeVisible();
  await page.getByLabel('Price', { exact: true }).fill('650');
  await page.getByLabel('Payment methods', { exact: true }).fill('EcoCash, Cash (ZiG)');
  await page.getByLabel('Details', { exact: true }).fill('Roller meal, sealed bags.');
  await page.getByLabel('Location', { exact: true }).fill('Mbare');
  await page.getByRole('button', { name: 'Create post' }).tap();
  await expect(page).toHaveURL(/\/product-preview$/);
  await expect(page.getByText('ZiG 650 per item')).toBeVisible();
  await expectNoAxeViolations(page);

  const mine = await (await page.request.get('/api/my-created-posts')).json().catch(() => null);
  const posts = (mine?.posts ?? []) as Array<{ id: number; Product: { name: string; currency: string } }>;
  const created = posts.find((post) => post.Product?.name === name);
  expect(created?.Product.currency).toBe('ZiG');
  if (!created) throw new Error('the post was not created');
  const published = await page.request.put('/api/publish-post', {
    data: { id: created.id, type: 'product' },
  });
  expect(published.status()).toBe(200);

  await page.goto(`/home?search=${tag}`);
  const card = page.getByRole('list', { name: 'Posts' }).getByRole('listitem').filter({ hasText: name });
  await expect(card.getByText('ZiG 650 per item')).toBeVisible();
  await page.getByRole('button', { name: 'Filters' }).tap();
  await page.getByLabel('Currency', { exact: true }).selectOption('USD');
  await expect(page.getByText('No posts available.')).toBeVisible();
  await page.getByLabel('Currency', { exact: true }).selectOption('ZiG');
  await expect(card).toBeVisible();
  await expect(page).toHaveURL(/currency=ZiG/);
  await expectNoAxeViolations(page);
});
