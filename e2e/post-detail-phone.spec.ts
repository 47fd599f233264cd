// The post detail on a 360 px phone with touch (issue 34): a like tapped offline changes nothing it
// cannot keep; Back with a dialog open closes the dialog and keeps the post; the bookmark is named
// for what it saves; the details come right after the price and place, and the comment box is never
// under the sticky contact bar; what a visitor asked for (Save, Like, Message seller) is done once
// they have signed in, and only once.
import type { Locator, Page } from '@playwright/test';
import { MSG } from '../shared/messages';
import { createPost, signInSeller, uniqueTag } from './data';
import { type E2EUser, expect, newUser, registerViaApi, signedInUser, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

const likeButton = (page: Page) => page.getByRole('button', { name: 'Like', exact: true });

/** A visitor on the sign-in screen the app sent them to: signs in and lands where the link said. */
async function signInHere(page: Page, user: E2EUser) {
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).tap();
}

/** The two boxes overlap (on screen). */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [ra, rb] = [await a.boundingBox(), await b.boundingBox()];
  if (!ra || !rb) return false;
  return (
    ra.x < rb.x + rb.width && rb.x < ra.x + ra.width && ra.y < rb.y + rb.height && rb.y < ra.y + ra.height
  );
}

test('a like tapped offline leaves the heart and the count as they were', async ({ page, request }) => {
  await signInSeller(request);
  const post = await createPost(request, { name: `Radio ${uniqueTag()}` });
  await signedInUser(page);
  await page.goto(`/posts/${post.id}`);
  const like = likeButton(page);
  await expect(like).toBeEnabled();
  await expect(page.getByText('0 likes', { exact: true })).toBeVisible();

  await page.context().setOffline(true);
  await expect(page.getByText(MSG.offline.like)).toBeVisible();
  await like.tap({ force: true });
  await page.waitForTimeout(300);
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('0 likes', { exact: true })).toBeVisible();

  // Back online nothing was kept: the screen showed the truth.
  await page.context().setOffline(false);
  await expect(page.getByText(MSG.offline.like)).toHaveCount(0);
  await page.reload();
  await expect(likeButton(page)).toBeEnabled();
  await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('0 likes', { exact: true })).toBeVisible();
});

test('Back with the Report dialog open closes it and keeps the post; closing it leaves no step', async ({
  page,
  request,
}) => {
  await signInSeller(request);
  const post = await createPost(request, { name: `Kettle ${uniqueTag()}` });
  await signedInUser(page);
  await page.goto('/about');
  await page.goto(`/posts/${post.id}`);
  const dialog = page.getByRole('dialog', { name: 'Report this post' });

  await page.getByRole('button', { name: 'Report this post' }).tap();
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: post.name })).toBeVisible();

  // Message seller's dialog is a step too.
  await page
    .getByRole('region', { name: 'Contact the seller' })
    .getByRole('button', { name: 'Message seller' })
    .tap();
  const message = page.getByRole('dialog', { name: 'Message seller' });
  await expect(message).toBeVisible();
  await page.goBack();
  await expect(message).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));

  // Closed in the page (Cancel), the dialog takes its step with it: Back then leaves the post.
  await page.getByRole('button', { name: 'Report this post' }).tap();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).tap();
  await expect(dialog).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
});

test("the bookmark is named for what it saves, apart from a comment editor's Save", async ({
  page,
  request,
}) => {
  await signInSeller(request);
  const post = await createPost(request, { name: `Lamp ${uniqueTag()}` });
  await signedInUser(page);
  await page.goto(`/posts/${post.id}`);
  await page.getByRole('button', { name: /^Comments/ }).tap();
  await page.getByLabel('Add a comment').fill('Does it take LED bulbs?');
  await page.getByRole('button', { name: 'Post', exact: true }).tap();
  await page.getByRole('button', { name: 'Edit', exact: true }).tap();

  // One 'Save' on the screen: the comment editor's. The bookmark says what it does.
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(1);
  const bookmark = page.getByRole('button', { name: 'Save this listing' });
  await expect(bookmark).toBeEnabled();
  await bookmark.tap();
  const remove = page.getByRole('button', { name: 'Remove from saved' });
  await expect(remove).toBeVisible();
  await expect(remove).toHaveText('Saved');
  await remove.tap();
  await expect(bookmark).toBeVisible();
});

test('the details follow the price and place, before the date, Report and the statistics', async ({
  page,
  request,
}) => {
  await signInSeller(request);
  const post = await createPost(request, {
    name: `Fridge ${uniqueTag()}`,
    details: 'Two doors, 300 litres, runs quietly.',
    images: 1,
  });
  await signedInUser(page);
  await page.goto(`/posts/${post.id}`);
  const details = page.getByRole('heading', { name: 'Details', exact: true });
  await expect(details).toBeVisible();
  const yOf = async (locator: Locator) => (await locator.boundingBox())?.y ?? Number.NaN;
  const detailsY = await yOf(details);
  expect(detailsY).toBeGreaterThan(await yOf(page.getByRole('heading', { level: 1, name: post.name })));
  expect(detailsY).toBeLessThan(await yOf(page.getByText('Posted on', { exact: true })));
  expect(detailsY).toBeLessThan(await yOf(page.getByRole('button', { name: 'Report this post' })));
  expect(detailsY).toBeLessThan(await yOf(page.getByRole('heading', { name: 'View statistics' })));
  // The place is read with the price, before the details.
  const place = page.getByText('Avondale, Harare', { exact: true }); // e2e/data.ts's defaults
  expect(await yOf(place)).toBeLessThan(detailsY);
});

test('the comment box is never under the sticky contact bar, also with the keyboard open', async ({
  page,
  request,
}) => {
  await signInSeller(request);
  const post = await createPost(request, { name: `Cooker ${uniqueTag()}`, images: 1 });
  await signedInUser(page);
  await page.goto(`/posts/${post.id}`);
  const bar = page.getByRole('region', { name: 'Contact the seller' });
  await expect(bar).toBeVisible();
  await page.getByRole('button', { name: /^Comments/ }).tap();
  const composer = page.getByLabel('Add a comment');
  await composer.tap();
  await expect(composer).toBeFocused();
  expect((await bar.isVisible()) && (await overlaps(composer, bar))).toBe(false);
  await page.screenshot({ path: test.info().outputPath('composer-focused-360x740.png') });
  // The phone's keyboard takes the lower half of the screen, and the browser brings the focused box
  // into view just above it.
  await page.setViewportSize({ width: 360, height: 400 });
  await composer.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
  await expect(composer).toBeInViewport({ ratio: 1 });
  expect((await bar.isVisible()) && (await overlaps(composer, bar))).toBe(false);
  const postButton = page.getByRole('button', { name: 'Post', exact: true });
  await postButton.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
  expect((await bar.isVisible()) && (await overlaps(postButton, bar))).toBe(false);
  await page.screenshot({ path: test.info().outputPath('composer-focused-360x400.png') });
});

test.describe('A visitor signs in from an action, and it is done once', () => {
  test('Save: saved on return, and not saved again on reload', async ({ page, request }) => {
    await signInSeller(request);
    const post = await createPost(request, { name: `Wardrobe ${uniqueTag()}` });
    const user = newUser('Rufaro Visitor');
    await registerViaApi(page, user);
    await page.context().clearCookies();
    await page.goto(`/posts/${post.id}`);
    await page.getByRole('button', { name: 'Save this listing' }).tap();
    await signInHere(page, user);
    await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));
    const remove = page.getByRole('button', { name: 'Remove from saved' });
    await expect(remove).toBeVisible();
    // Unsaved, then reloaded: the request to save is not replayed.
    await remove.tap();
    await expect(page.getByRole('button', { name: 'Save this listing' })).toBeEnabled();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Save this listing' })).toBeEnabled();
    await page.waitForTimeout(500);
    await expect(page.getByRole('button', { name: 'Remove from saved' })).toHaveCount(0);
  });

  test('Like and Message seller: done on return', async ({ page, request }) => {
    await signInSeller(request);
    const post = await createPost(request, { name: `Generator ${uniqueTag()}` });
    const user = newUser('Tafadzwa Visitor');
    await registerViaApi(page, user);
    await page.context().clearCookies();

    await page.goto(`/posts/${post.id}`);
    await likeButton(page).tap();
    await page.getByRole('link', { name: 'Sign in to like posts' }).tap();
    await signInHere(page, user);
    await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));
    await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('1 like', { exact: true })).toBeVisible();
    await page.reload();
    await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'true'); // not toggled back

    await page.context().clearCookies();
    await page.goto(`/posts/${post.id}`);
    await page
      .getByRole('region', { name: 'Contact the seller' })
      .getByRole('link', { name: 'Message seller' })
      .tap();
    await signInHere(page, user);
    const dialog = page.getByRole('dialog', { name: 'Message seller' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox')).toHaveValue(MSG.messages.firstMessage);
    await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));
    // Back closes the dialog, on the post.
    await page.goBack();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));
  });
});
