// The price order on a phone (issue 14, decision 021): on /home a buyer chooses Sort 'Price: low to
// high', USD is picked with it, the cards run cheapest first without the prices in words or in ZiG, the
// link keeps the order, and ZiG prices sort among themselves.
import { MSG } from '../shared/messages';
import { createPosts, signInSeller, uniqueTag } from './data';
import { expect, expectNoAxeViolations, signedInUser, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test('a buyer sorts /home by price, low to high, within a currency', async ({ page, request }) => {
  const tag = uniqueTag();
  await signInSeller(request, 'Tafadzwa Chirwa');
  // Posted in this order, so newest first is the reverse and differs from the price order.
  await createPosts(request, [
    { name: `${tag} fridge`, price: '$1,500' },
    { name: `${tag} bicycle`, price: '250' },
    { name: `${tag} freezer`, price: 'Negotiable' },
    { name: `${tag} kettle`, price: '25.50' },
    { name: `${tag} maize seed`, price: '50 per bag' },
    { name: `${tag} cooking oil`, price: 'ZiG 900', currency: 'ZiG' },
    { name: `${tag} mealie meal`, price: '120', currency: 'ZiG' },
  ]);

  await signedInUser(page, 'Rumbi Mlambo');
  await page.goto(`/home?search=${tag}`);
  const cards = page.getByRole('list', { name: 'Posts' }).getByRole('listitem');
  await expect(cards).toHaveCount(7);
  await expect(cards.first()).toContainText(`${tag} mealie meal`);

  await page.getByRole('button', { name: 'Filters' }).tap();
  await page.getByLabel('Sort', { exact: true }).selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect(page).toHaveURL(/currency=USD/);
  await expect(page.getByLabel('Currency', { exact: true })).toHaveValue('USD');
  await expect(page.getByText(MSG.feed.priceSortHint('USD'))).toBeVisible();
  const usdOrder = [`${tag} kettle`, `${tag} maize seed`, `${tag} bicycle`, `${tag} fridge`];
  await expect(cards).toHaveCount(usdOrder.length);
  for (const [i, name] of usdOrder.entries()) await expect(cards.nth(i)).toContainText(name);
  await expect(page.getByText(`${tag} freezer`)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '/tmp/price-sort.png' });

  // The link keeps the order.
  await page.reload();
  await expect(cards).toHaveCount(usdOrder.length);
  for (const [i, name] of usdOrder.entries()) await expect(cards.nth(i)).toContainText(name);
  await expect(page.getByLabel('Sort', { exact: true })).toHaveValue('price_asc');

  await page.getByLabel('Currency', { exact: true }).selectOption('ZiG');
  await expect(page).toHaveURL(/currency=ZiG/);
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText(`${tag} mealie meal`);
  await expect(cards.nth(1)).toContainText(`${tag} cooking oil`);

  // While searching, the default order is the best match: 'Newest first' is asked for by name.
  await page.getByLabel('Sort', { exact: true }).selectOption({ label: 'Newest first' });
  await expect(page).toHaveURL(/sort=newest/);
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText(`${tag} mealie meal`);
});
