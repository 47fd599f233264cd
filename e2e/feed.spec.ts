import type { Page } from '@playwright/test';
import { MSG } from '../shared/messages';
import { createPost, createPosts, signInSeller, uniqueTag } from './data';
import { expect, expectNoAxeViolations, signedInUser, test } from './fixtures';

const posts = (page: Page) => page.getByRole('list', { name: 'Posts' });
const cardNames = (page: Page) => posts(page).getByRole('heading', { level: 2 });
const card = (page: Page, name: string) => posts(page).getByRole('listitem').filter({ hasText: name });
const hero = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'All Published Posts from All Users, All Time' });

/** The /api/posts calls the page makes, as their query strings. */
function listCalls(page: Page) {
  const calls: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/posts') calls.push(url.searchParams);
  });
  return calls;
}

test.describe('Home feed (/home)', () => {
  test('lists published posts newest first, and never an unpublished one', async ({ page, request }) => {
    const tag = uniqueTag();
    await signInSeller(request);
    await createPosts(request, [
      { name: `Oldest ${tag} kettle`, price: '12' },
      { name: `Middle ${tag} plumbing`, type: 'service', price: '20', city: 'Bulawayo' },
      { name: `Newest ${tag} maize`, category: 'Agriculture', sell_or_buy: 'Buy' },
    ]);
    const hidden = await createPost(request, { name: `Draft ${tag} radio`, publish: false });

    await signedInUser(page, 'Rudo Chari');
    await expect(hero(page)).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search posts' })).toHaveAttribute(
      'placeholder',
      'Search posts...',
    );
    await page.goto(`/home?search=${tag}`);
    await expect(cardNames(page)).toHaveText([
      `Newest ${tag} maize`,
      `Middle ${tag} plumbing`,
      `Oldest ${tag} kettle`,
    ]);

    const newest = card(page, `Newest ${tag} maize`);
    await expect(newest).toContainText('Product');
    await expect(newest).toContainText('$250 per item');
    await expect(newest).toContainText('Harare · Agriculture');
    await expect(newest).toContainText('Looking to buy');
    await expect(newest).toContainText('now');
    await expect(newest).toContainText(MSG.images.noneForPost);
    const middle = card(page, `Middle ${tag} plumbing`);
    await expect(middle).toContainText('Service');
    await expect(middle).toContainText('$20 per hour');
    await expect(posts(page)).not.toContainText(hidden.name);
    await expect(page.getByText(MSG.empty.feedEnd)).toBeVisible();
    await expectNoAxeViolations(page);

    // Someone else's unpublished post is not there by its link either.
    await page.goto(`/posts/${hidden.id}`);
    await expect(page.getByRole('alert')).toHaveText(MSG.postDetail.notFound);
  });

  test("search waits for the typing to stop, runs on the server, and 'fri' finds 'fridge'", async ({
    page,
    request,
  }) => {
    const tag = uniqueTag();
    await signInSeller(request);
    await createPosts(request, [
      { name: `${tag} Samsung fridge`, details: 'Cold, quiet and clean.' },
      { name: `${tag} Defy stove`, details: 'Four plates and an oven.' },
    ]);
    // The page's clock is the test's to move: on a busy machine real keystrokes can be more than the
    // 300 ms debounce apart, which would split the search in two.
    await page.clock.install();
    await signedInUser(page, 'Rudo Chari');
    await expect(posts(page)).toBeVisible();

    const calls = listCalls(page);
    const box = page.getByRole('searchbox', { name: 'Search posts' });
    await page.clock.pauseAt(Date.now() + 5_000);
    await box.pressSequentially(`${tag} fri`, { delay: 40 });
    // Nothing is sent while typing, nor until 300 ms after the last key.
    await page.clock.runFor(299);
    expect(calls).toEqual([]);
    await page.clock.runFor(1);
    await page.clock.resume();
    // Best match first: the post with both words, then those with one (the stove, other fridges).
    await expect(cardNames(page).first()).toHaveText(`${tag} Samsung fridge`);
    await expect(cardNames(page).nth(1)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`search=${tag}\\+fri`));
    // One request for the finished words, none per keystroke.
    expect(calls.map((q) => q.get('search'))).toEqual([`${tag} fri`]);

    // The search is in the URL: a reload shows the same results.
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search posts' })).toHaveValue(`${tag} fri`);
    await expect(cardNames(page).first()).toHaveText(`${tag} Samsung fridge`);

    // SQL or tsquery syntax is just text: no error, just no match.
    await page.getByRole('searchbox', { name: 'Search posts' }).fill(`${tag}xyz ') OR; --`);
    await page.getByRole('searchbox', { name: 'Search posts' }).press('Enter');
    await expect(page.getByText(MSG.empty.posts)).toBeVisible();
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search posts' })).toHaveValue('');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('type, category, city and Buy/Sell filters narrow the list and survive a reload', async ({
    page,
    request,
  }) => {
    const tag = uniqueTag();
    await signInSeller(request);
    await createPosts(request, [
      { name: `A ${tag} laptop` },
      { name: `B ${tag} repairs`, type: 'service' },
      { name: `C ${tag} seedlings`, category: 'Gardening' },
      { name: `D ${tag} phone`, city: 'Mutare' },
      { name: `E ${tag} tablet`, sell_or_buy: 'Buy' },
    ]);
    await signedInUser(page, 'Rudo Chari');
    await page.goto(`/home?search=${tag}`);
    await expect(cardNames(page)).toHaveCount(5);

    const type = page.getByRole('group', { name: 'Post type' });
    await expect(type.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await type.getByRole('button', { name: 'Service' }).click();
    await expect(type.getByRole('button', { name: 'Service' })).toHaveAttribute('aria-pressed', 'true');
    await expect(cardNames(page)).toHaveText([`B ${tag} repairs`]);
    await type.getByRole('button', { name: 'Product' }).click();
    await expect(cardNames(page)).toHaveCount(4);
    await expect(posts(page)).not.toContainText('repairs');

    await page.getByLabel('Category').selectOption('Electronics');
    await expect(cardNames(page)).toHaveCount(3);
    await expect(posts(page)).not.toContainText('seedlings');
    await page.getByLabel('City').selectOption('Harare');
    await expect(cardNames(page)).toHaveCount(2);
    await expect(posts(page)).not.toContainText('Mutare');
    await page.getByLabel('Buy or sell').selectOption('Sell');
    await expect(cardNames(page)).toHaveText([`A ${tag} laptop`]);
    await expect(page).toHaveURL(/type=product/);
    await expect(page).toHaveURL(/category=Electronics/);
    await expect(page).toHaveURL(/city=Harare/);
    await expect(page).toHaveURL(/sell_or_buy=Sell/);

    await page.reload();
    await expect(cardNames(page)).toHaveText([`A ${tag} laptop`]);
    await expect(page.getByLabel('City')).toHaveValue('Harare');
    await expect(page.getByRole('button', { name: 'Product' })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('button', { name: 'All', exact: true }).click();
    await expect(cardNames(page)).toHaveText([`B ${tag} repairs`, `A ${tag} laptop`]);
    await page.getByLabel('Buy or sell').selectOption('Buy');
    await page.getByLabel('City').selectOption('');
    await expect(cardNames(page)).toHaveText([`E ${tag} tablet`]);
    await expect(page.getByLabel('City')).toHaveValue('');
    await expect(page.getByLabel('City').locator('option:checked')).toHaveText('All cities');
  });

  test('more posts load as you scroll; a card opens in place and Back to Posts returns to the same spot', async ({
    page,
    request,
  }) => {
    const tag = uniqueTag();
    await signInSeller(request, 'Farai Mutasa');
    const made = await createPosts(
      request,
      Array.from({ length: 15 }, (_, i) => ({ name: `${tag} item ${String(i + 1).padStart(2, '0')}` })),
    );
    await signedInUser(page, 'Rudo Chari');
    await page.goto(`/home?search=${tag}`);
    // A page is 12 posts; the rest arrive when the end of the list comes into view.
    await expect(cardNames(page)).toHaveCount(12);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(cardNames(page)).toHaveCount(15);
    await expect(cardNames(page).first()).toHaveText(`${tag} item 15`);
    await expect(cardNames(page).last()).toHaveText(`${tag} item 01`);
    await expect(page.getByText(MSG.empty.feedEnd)).toBeVisible();

    const target = made[4];
    if (!target) throw new Error('no post');
    const link = posts(page).getByRole('link', { name: target.name });
    await link.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(300);
    await link.click();

    await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`/home\\?search=${tag}&post=${target.id}$`));
    await expect(hero(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Back to Posts' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Back to Posts' }).click();
    await expect(hero(page)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/home\\?search=${tag}$`));
    await expect(cardNames(page)).toHaveCount(15);
    await expect(link).toBeFocused();
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(5);

    // The browser's Back closes the post as well; a reload with the post open shows it again.
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();
    await page.goBack();
    await expect(hero(page)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeHidden();
  });
});
