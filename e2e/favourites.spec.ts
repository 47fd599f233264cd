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
