// Favourites (issue 14): a signed-in user saves one post from its card on /home and another from its
// detail, finds both on /saved (newest saved first), lets one go there and sees it leave; a visitor's
// Save goes to sign-in and back to the post.
import type { Page } from '@playwright/test';
import { MSG } from '../shared/messages';
import { createPosts, signInSeller, uniqueTag } from './data';
import { expect, expectNoAxeViolations, signedInUser, test } from './fixtures';

const cardOf = (page: Page, name: string) => page.getByRole('listitem').filter({ hasText: name });
// The bookmark reads 'Save' or 'Saved'; its name says what a tap does (issue 34).
const saveIn = (scope: Page | ReturnType<Page['locator']>, shows: 'Save' | 'Saved') =>
  scope.getByRole('button', {
    name: shows === 'Save' ? 'Save this listing' : 'Remove from saved',
    exact: true,
  });

test('save from a card and from the detail, find both on /saved, unsave and see it go', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  await signInSeller(request, 'Farai Banda');
  const [fromCard, fromDetail] = await createPosts(request, [
    { name: `${tag} gas stove` },
    { name: `${tag} school shoes` },
  ]);
  if (!fromCard || !fromDetail) throw new Error('posts not created');

  await signedInUser(page, 'Nyasha Saver');
  await page.goto(`/home?search=${tag}`);
  const card = cardOf(page, fromCard.name);
  await saveIn(card, 'Save').click();
  await expect(saveIn(card, 'Saved')).toHaveText('Saved');

  // The other post, opened in place: its Save sits beside Like.
  await cardOf(page, fromDetail.name).getByRole('link', { name: fromDetail.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: fromDetail.name })).toBeVisible();
  await saveIn(page, 'Save').click();
  await expect(saveIn(page, 'Saved')).toHaveText('Saved');
  await expectNoAxeViolations(page);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Saved' }).click();
  await expect(page).toHaveURL(/\/saved$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Saved posts' })).toBeVisible();
  const names = page.getByRole('listitem').getByRole('heading', { level: 2 });
  await expect(names).toHaveText([fromDetail.name, fromCard.name]);
  await expectNoAxeViolations(page);

  // Letting one go takes it off the list, and it stays off after a reload.
  await saveIn(cardOf(page, fromCard.name), 'Saved').click();
  await expect(cardOf(page, fromCard.name)).toHaveCount(0);
  await page.reload();
  await expect(names).toHaveText([fromDetail.name]);

  await saveIn(cardOf(page, fromDetail.name), 'Saved').click();
  await expect(page.getByText(MSG.favourites.empty)).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a visitor's Save goes to sign-in, to come back to the post and save it", async ({ page, request }) => {
  await signInSeller(request, 'Farai Banda');
  const [post] = await createPosts(request, [{ name: `${uniqueTag()} bicycle` }]);
  if (!post) throw new Error('post not created');
  await page.goto(`/posts/${post.id}`);
  await saveIn(page, 'Save').click();
  await expect(page).toHaveURL(`/login?next=%2Fposts%2F${post.id}%3Fthen%3Dsave-${post.id}`);
});

test('an /infinite card saves for a member (as on /home) and its Save is there to see on /saved', async ({
  page,
  request,
}) => {
  await signInSeller(request, 'Tapiwa Moyo');
  const [post] = await createPosts(request, [{ name: `${uniqueTag()} rolling saver` }]);
  if (!post) throw new Error('post not created');
  await signedInUser(page, 'Rudo Saver');
  await page.goto('/infinite');
  const card = cardOf(page, post.name);
  await saveIn(card, 'Save').click();
  await expect(saveIn(card, 'Saved')).toHaveText('Saved');
  await page.goto('/saved');
  await expect(cardOf(page, post.name)).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('a saved post that sells or is taken down stays on /saved, marked, without contact, with Remove', async ({
    page,
    request,
  }) => {
    const tag = uniqueTag();
    await signInSeller(request, 'Farai Banda');
    const [sold, pulled, live] = await createPosts(request, [
      { name: `${tag} chest freezer`, images: 1 },
      { name: `${tag} office chair` },
      { name: `${tag} gas heater` },
    ]);
    if (!sold || !pulled || !live) throw new Error('posts not created');
    await signedInUser(page, 'Nyasha Saver');
    for (const post of [pulled, sold, live])
      expect((await page.request.put(`/api/favourites/${post.id}`)).status()).toBe(200);

    // The seller sells one and takes another off the marketplace.
    const marked = await request.put(`/api/posts/${sold.id}/status`, { data: { status: 'sold' } });
    expect(marked.status()).toBe(200);
    const unpublished = await request.put('/api/publish-manager', {
      data: { id: pulled.id, type: 'product', isPublished: false },
    });
    expect(unpublished.status()).toBe(200);

    await page.goto('/saved');
    const names = page.getByRole('listitem').getByRole('heading', { level: 2 });
    await expect(names).toHaveText([live.name, sold.name, pulled.name]);
    const soldCard = cardOf(page, sold.name);
    await expect(soldCard.getByText('Sold', { exact: true })).toBeVisible();
    await expect(soldCard.getByText(MSG.favourites.unlisted.sold)).toBeVisible();
    await expect(soldCard.getByRole('link', { name: sold.name })).toHaveAttribute(
      'href',
      `/posts/${sold.id}`,
    );
    const pulledCard = cardOf(page, pulled.name);
    await expect(pulledCard.getByText('No longer available')).toBeVisible();
    await expect(pulledCard.getByRole('link')).toHaveCount(0);
    // Neither offers contact or a Save toggle: only Remove.
    for (const card of [soldCard, pulledCard]) {
      await expect(card.getByRole('link', { name: /call|whatsapp/i })).toHaveCount(0);
      await expect(card.getByRole('button')).toHaveText([MSG.favourites.remove]);
    }
    await expect(saveIn(cardOf(page, live.name), 'Saved')).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await soldCard.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('saved-with-sold.png'), fullPage: true });
    await expectNoAxeViolations(page);

    // Its page still says Saved and Sold, and the list agrees.
    await soldCard.getByRole('link', { name: sold.name }).tap();
    await expect(page.getByRole('heading', { level: 1, name: sold.name })).toBeVisible();
    await expect(saveIn(page, 'Saved')).toHaveText('Saved');
    await page.goBack();

    await cardOf(page, pulled.name)
      .getByRole('button', { name: `Remove ${pulled.name} from saved posts` })
      .tap();
    await expect(cardOf(page, pulled.name)).toHaveCount(0);
    await page.reload();
    await expect(names).toHaveText([live.name, sold.name]);
  });
});
