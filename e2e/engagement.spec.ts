// Engagement journeys (issue 5): likes, comments and views on the post detail, the cards' counts, and
// what a second user (another browser context) may do with someone else's comments.
import type { Browser, Page } from '@playwright/test';
import { createPost, uniqueTag } from './data';
import {
  expect,
  expectNoAxeViolations,
  expectNoConsoleErrors,
  newUser,
  registerViaApi,
  signedInUser,
  signInViaScreen,
  test,
  watchConsoleErrors,
} from './fixtures';

const likeButton = (page: Page) => page.getByRole('button', { name: 'Like', exact: true });
const commentsButton = (page: Page) => page.getByRole('button', { name: /^Comments/ });
/** The like count beside the button (the list on /home stays in the page, hidden, with its own counts). */
const likeCount = (page: Page) =>
  page
    .getByRole('article')
    .filter({ has: likeButton(page) })
    .getByText(/^[\d.KM]+ likes?$/);
const commentBy = (page: Page, name: string) => page.getByRole('listitem', { name });
/** A published post of the page's signed-in user, named with a word only this journey uses. */
async function publishedPost(page: Page) {
  const tag = uniqueTag();
  return { ...(await createPost(page.request, { name: `Solar panel 300W ${tag}` })), tag };
}

/** A second signed-in user in a browser context of their own. */
async function secondUser(browser: Browser, baseURL: string | undefined, name: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const errors = watchConsoleErrors(page);
  const user = newUser(name);
  await registerViaApi(page, user);
  await signInViaScreen(page, user);
  return {
    page,
    async close() {
      await context.close();
      expectNoConsoleErrors(errors, "the second user's page");
    },
  };
}

async function addComment(page: Page, text: string) {
  await page.getByLabel('Add a comment').fill(text);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText(text, { exact: true })).toBeVisible();
}

test.describe('Engagement on the post detail', () => {
  test('a like persists after reload, and the card on /home shows it', async ({ page }) => {
    await signedInUser(page, 'Tendai Moyo');
    const post = await publishedPost(page);
    await page.goto(`/posts/${post.id}`);
    await expect(likeButton(page)).toBeEnabled();
    await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'false');
    await expect(likeCount(page)).toHaveText('0 likes');

    await likeButton(page).click();
    await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(likeCount(page)).toHaveText('1 like');
    await expect(likeButton(page)).toBeEnabled();

    await page.reload();
    await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(likeCount(page)).toHaveText('1 like');

    // Searched, so posts that other journeys publish meanwhile cannot push it off the first page.
    await page.goto(`/home?search=${post.tag}`);
    const card = page.getByRole('listitem').filter({ hasText: post.name });
    await expect(card.getByText('1 like, including yours')).toBeAttached();

    // Unlike from the in-place detail; the card follows without waiting for its refresh.
    await card.getByRole('link', { name: post.name }).click();
    await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(likeCount(page)).toHaveText('1 like');
    await likeButton(page).click();
    await expect(likeCount(page)).toHaveText('0 likes');
    await page.getByRole('button', { name: 'Back to Posts' }).click();
    await expect(card.getByText('0 likes')).toBeAttached();
  });

  test('the reaction picker opens on hover with the heart, which likes', async ({ page }) => {
    await signedInUser(page);
    const post = await publishedPost(page);
    await page.goto(`/posts/${post.id}`);
    await expect(likeButton(page)).toBeEnabled();
    await likeButton(page).hover();
    const picker = page.getByRole('toolbar', { name: 'Reactions' });
    await expect(picker).toBeVisible();
    await picker.getByRole('button', { name: 'React with Like' }).click();
    await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'true');
    await page.mouse.move(0, 0);
    await expect(picker).toBeHidden();
  });

  test('comment create, edit and delete', async ({ page }) => {
    await signedInUser(page, 'Rudo Chikomo');
    const post = await publishedPost(page);
    await page.goto(`/posts/${post.id}`);
    await expect(commentsButton(page)).toHaveText('Comments (0)');
    await commentsButton(page).click();
    await expect(commentsButton(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Live')).toBeVisible();
    await expect(page.getByText('No comments yet')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Post', exact: true })).toBeDisabled();

    await addComment(page, 'Is it still available? <b>bold</b>');
    const mine = commentBy(page, 'Rudo Chikomo');
    await expect(mine.getByText('RC', { exact: true })).toBeVisible();
    await expect(mine.getByText('now')).toBeVisible();
    await expect(commentsButton(page)).toHaveText('Comments (1)');

    await page.reload();
    await commentsButton(page).click();
    await expect(page.getByText('Is it still available? <b>bold</b>', { exact: true })).toBeVisible();

    await mine.getByRole('button', { name: 'Edit' }).click();
    await mine.getByLabel('Edit comment').fill('Is it still available? I can pay cash.');
    await mine.getByRole('button', { name: 'Save' }).click();
    await expect(mine.getByText('Is it still available? I can pay cash.')).toBeVisible();
    await expect(mine.getByText('(edited)')).toBeVisible();

    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Are you sure you want to delete this comment?');
      void dialog.accept();
    });
    await mine.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No comments yet')).toBeVisible();
    await page.reload();
    await expect(commentsButton(page)).toHaveText('Comments (0)');
  });

  test('another user sees the right flags; the post owner may delete but not edit theirs', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signedInUser(page, 'Owner Person');
    const post = await publishedPost(page);
    const other = await secondUser(browser, baseURL, 'Other Person');
    try {
      await other.page.goto(`/posts/${post.id}`);
      await commentsButton(other.page).click();
      await addComment(other.page, 'How old is it?');

      await page.goto(`/posts/${post.id}`);
      await commentsButton(page).click();
      await expect(page.getByText('How old is it?')).toBeVisible();
      await addComment(page, 'Two years, works well.');
      const theirs = commentBy(page, 'Other Person');
      await expect(theirs.getByRole('button', { name: 'Delete' })).toBeVisible();
      await expect(theirs.getByRole('button', { name: 'Edit' })).toHaveCount(0);
      const owners = commentBy(page, 'Owner Person');
      await expect(owners.getByText('Post owner')).toBeVisible();
      await expect(owners.getByRole('button', { name: 'Edit' })).toBeVisible();

      // The other user's view, refreshed: their own comment is theirs to change; the owner's is not.
      await other.page.reload();
      await commentsButton(other.page).click();
      await expect(other.page.getByText('Two years, works well.')).toBeVisible();
      const ownerSeen = commentBy(other.page, 'Owner Person');
      await expect(ownerSeen.getByRole('button', { name: 'Edit' })).toHaveCount(0);
      await expect(ownerSeen.getByRole('button', { name: 'Delete' })).toHaveCount(0);
      const ownSeen = commentBy(other.page, 'Other Person');
      await expect(ownSeen.getByRole('button', { name: 'Edit' })).toBeVisible();
      await expect(ownSeen.getByRole('button', { name: 'Delete' })).toBeVisible();

      // The owner removes the other user's comment.
      page.once('dialog', (dialog) => void dialog.accept());
      await theirs.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('How old is it?')).toBeHidden();
      await expect(commentsButton(page)).toHaveText('Comments (1)');
    } finally {
      await other.close();
    }
  });

  test('view statistics appear on the detail, and a visitor reads but is asked to sign in', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signedInUser(page);
    const post = await publishedPost(page);
    await page.goto(`/posts/${post.id}`);
    const stats = page.getByRole('region', { name: 'View statistics' });
    // The owner's own visit is not a view (issue 34).
    await expect(stats.getByRole('definition')).toHaveText(['0', '0', '0']);

    const visitor = await browser.newContext({ baseURL });
    const anon = await visitor.newPage();
    const anonErrors = watchConsoleErrors(anon);
    try {
      await anon.goto(`/posts/${post.id}`);
      const anonStats = anon.getByRole('region', { name: 'View statistics' });
      // Total views, unique viewers, signed-in viewers.
      await expect(anonStats.getByRole('definition')).toHaveText(['1', '1', '0']);
      await expect(likeButton(anon)).toBeEnabled();
      await likeButton(anon).click();
      await expect(anon.getByRole('link', { name: 'Sign in to like posts' })).toBeVisible();
      await expect(likeButton(anon)).toHaveAttribute('aria-pressed', 'false');
      await commentsButton(anon).click();
      await expect(anon.getByRole('link', { name: 'Sign in to comment' })).toBeVisible();
      await expect(anon.getByLabel('Add a comment')).toHaveCount(0);
    } finally {
      await visitor.close();
    }
    expectNoConsoleErrors(anonErrors, "the visitor's page");
    // The owner opening it again still counts nothing.
    await page.reload();
    await expect(stats.getByRole('definition')).toHaveText(['1', '1', '0']);
  });

  test('axe: 0 violations on the detail with comments expanded and the picker open', async ({ page }) => {
    await signedInUser(page, 'Farai Dube');
    const post = await publishedPost(page);
    await page.goto(`/posts/${post.id}`);
    await commentsButton(page).click();
    for (const text of ['First question', 'Second question', 'Third', 'Fourth one'])
      await addComment(page, text);
    await expect(page.getByRole('button', { name: 'Show 1 more comment' })).toBeVisible();
    // The owner's own visit is not a view (issue 34): the statistics read 0 once they have loaded.
    await expect(
      page.getByRole('region', { name: 'View statistics' }).getByRole('definition').first(),
    ).toHaveText('0');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Show 1 more comment' }).click();
    await commentBy(page, 'Farai Dube').first().getByRole('button', { name: 'Edit' }).click();
    await likeButton(page).hover();
    await expect(page.getByRole('toolbar', { name: 'Reactions' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

/** The post ids of the listed cards, top to bottom (each card's title links to its post). */
const cardIds = (page: Page) =>
  page
    .getByRole('list', { name: 'Posts' })
    .getByRole('heading', { level: 2 })
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => Number(link.getAttribute('href')?.split('/').pop())));

test('rolling feed cards show their counts from one batched request per page of cards', async ({ page }) => {
  await signedInUser(page, 'Tendai Moyo');
  const post = await publishedPost(page);
  const liked = await page.request.post(`/api/likes/toggle/${post.id}`);
  expect(liked.status()).toBe(200);

  // Signing in lands on /home, whose cards ask for their own batch, late on a busy machine: leave it
  // first, so only /infinite's requests are counted.
  await page.goto('about:blank');
  // What /infinite asks for: each engagement batch as its list of ids, and each page of the feed.
  const batches: string[] = [];
  let feedPages = 0;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/likes/engagement') batches.push(url.searchParams.get('postIds') ?? '');
    if (/^\/api\/(first-payload|rolling-feed-(products|services))$/.test(url.pathname)) feedPages += 1;
  });
  await page.goto('/infinite');
  const card = page.getByRole('listitem').filter({ hasText: post.name });
  // Other journeys publish at the same time, so this post may be further down: load pages until it is
  // there ('Load more' is named 'Loading more...' while a page is on its way).
  await expect(page.getByRole('list', { name: 'Posts' })).toBeVisible();
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await expect(async () => {
    if ((await card.count()) === 0 && (await loadMore.isVisible())) await loadMore.click();
    await expect(card).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(card.getByText('1 like, including yours')).toBeAttached();
  await expect(card.getByText('0 comments')).toBeAttached();

  // Never one request per card: each batch asks for every card listed when it was sent (the first 50,
  // then the next 50), so each is the start of a 50-card slice of the final list, and a page of cards
  // costs one batch (two where it crosses into a new slice). Checked on this page's own list, whatever
  // else is in the database.
  await expect(async () => {
    const ids = await cardIds(page);
    const slices: string[] = [];
    for (let i = 0; i < ids.length; i += 50) slices.push(ids.slice(i, i + 50).join(','));
    const distinct = [...new Set(batches)];
    for (const batch of distinct) {
      const startsASlice = slices.some((slice) => `${slice},`.startsWith(`${batch},`));
      expect(startsASlice, `batch ${batch} is not the start of a slice of the list ${ids}`).toBe(true);
    }
    for (const slice of slices) expect(distinct).toContain(slice);
    expect(distinct.length).toBeLessThanOrEqual(feedPages + slices.length - 1);
  }).toPass({ timeout: 15_000 });
});
