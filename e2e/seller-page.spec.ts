// Seller pages (issue 14) on a 360 px phone with touch: a visitor opens a post, taps the seller's name
// under 'Posted by', sees who they are and their listed posts (never a draft), and opens one; shared
// seller links preview with the seller's Open Graph tags; a wrong link says why.
import { MSG } from '../shared/messages';
import { createPosts, signInSeller, uniqueTag } from './data';
import { expect, expectNoAxeViolations, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test("a visitor goes from a post to its seller's page and on to another of their posts", async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const seller = await signInSeller(request, 'Nyasha Gumbo', '0772 555 123');
  const [bike, solar, , tiling] = await createPosts(request, [
    { name: `${tag} mountain bike`, price: '120', city: 'Harare', images: 1 },
    { name: `${tag} solar panel 300W`, price: 'US$95', city: 'Bulawayo', images: 1 },
    { name: `${tag} draft wardrobe`, publish: false },
    { name: `${tag} tiling`, type: 'service', price: '15', city: 'Mutare' },
  ]);
  if (!bike || !solar || !tiling) throw new Error('posts not created');

  await page.goto(`/posts/${bike.id}`);
  await expect(page.getByRole('heading', { level: 1, name: bike.name })).toBeVisible();
  await page.getByRole('link', { name: seller.name, exact: true }).tap();

  await expect(page).toHaveURL(/\/users\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: seller.name })).toBeVisible();
  await expect(page).toHaveTitle(`${seller.name} · Zim Marketplace`);
  await expect(page.getByText(/^Member since [A-Z][a-z]{2} \d{4}$/)).toBeVisible();
  await expect(page.getByText(MSG.safety.newSeller)).toBeVisible();
  await expect(page.getByText('3 posts', { exact: true })).toBeVisible();
  // Newest first, and never the draft.
  const cards = page.getByRole('list', { name: 'Posts' }).getByRole('listitem');
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0)).toContainText(tiling.name);
  await expect(cards.nth(1)).toContainText(solar.name);
  await expect(cards.nth(2)).toContainText(bike.name);
  await expect(page.getByText(`${tag} draft wardrobe`)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  // The covers have loaded before the page is checked and pictured.
  await expect(cards.nth(1).locator('img')).toHaveJSProperty('complete', true);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '/tmp/seller-page.png' });

  await cards.nth(1).getByRole('link', { name: solar.name }).tap();
  await expect(page).toHaveURL(new RegExp(`/posts/${solar.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: solar.name })).toBeVisible();
  await expect(page.getByRole('link', { name: seller.name, exact: true })).toBeVisible();
});

test('a shared seller link previews with their tags; a wrong one says why', async ({ page, request }) => {
  const seller = await signInSeller(request, 'Chiedza Banda');
  const [post] = await createPosts(request, [{ name: `${uniqueTag()} school shoes`, price: '25' }]);
  if (!post) throw new Error('post not created');
  const detail = await (await request.get(`/api/posts/${post.id}`)).json();
  const userId: number = detail.Product.userId;

  const html = await (await request.get(`/users/${userId}`)).text();
  expect(html).toContain(`<meta property="og:title" content="${seller.name} on Zim Marketplace" />`);
  expect(html).toMatch(
    /<meta property="og:description" content="1 post · Member since [A-Z][a-z]{2} \d{4}" \/>/,
  );
  expect(html).toContain(`/users/${userId}" />`);

  await page.goto(`/users/${userId}`);
  await expect(page.getByText('1 post', { exact: true })).toBeVisible();

  await page.goto('/users/not-a-user');
  await expect(page.getByRole('alert')).toHaveText(MSG.errors.invalidUserId);
  await page.goto('/users/2000000000');
  await expect(page.getByRole('alert')).toHaveText(MSG.sellerPage.notFound);
  await expectNoAxeViolations(page);
});
