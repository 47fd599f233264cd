import { MSG } from '../shared/messages';
import { createPost, getPost, signInSeller, uniqueTag } from './data';
import { expect, expectNoAxeViolations, signedInUser, test } from './fixtures';

const gallery = (page: import('@playwright/test').Page) => page.getByRole('dialog');

test.describe('Post detail', () => {
  test('every field, the full-screen gallery with next/close, and the placeholder for a broken image', async ({
    page,
    request,
  }) => {
    const tag = uniqueTag();
    await signInSeller(request, 'Tatenda Sibanda');
    const post = await createPost(request, {
      name: `${tag} Hisense fridge`,
      details: 'Two doors.\n\n  Ice maker works.',
      paymentMethods: 'EcoCash, Cash (USD)',
      city: 'Gweru',
      location: 'Mkoba 6',
      category: 'Home and Kitchen',
      price: '300',
      images: 3,
    });
    const { images } = await getPost(request, post.id);
    expect(images).toHaveLength(3);
    // The second photo is broken: the gallery must show the placeholder instead.
    await page.route(`**${images[1]?.url}`, (route) => route.fulfill({ status: 404, body: '' }));

    await signedInUser(page, 'Rudo Chari');
    await page.goto(`/home?search=${tag}`);
    const cardImage = page.getByRole('list', { name: 'Posts' }).locator('img');
    // The only card is the first: its cover is the page's largest paint, so it loads at once and first.
    await expect(cardImage).toHaveAttribute('loading', 'eager');
    await expect(cardImage).toHaveAttribute('fetchpriority', 'high');
    await expect(cardImage).toHaveAttribute('width', '480');
    await expect(cardImage).toHaveAttribute('height', '360');
    await page.getByRole('link', { name: post.name }).click();

    await expect(page.getByRole('heading', { level: 1, name: post.name })).toBeVisible();
    const facts = page.locator('dl');
    const fact = (label: string) =>
      facts.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
    // The list stays (hidden) behind the post: look inside the open post only.
    const view = page.locator('article').filter({ has: page.getByRole('heading', { level: 1 }) });
    await expect(view.getByText('$300 per item')).toBeVisible();
    await expect(fact('City')).toHaveText('Gweru');
    await expect(fact('Category')).toHaveText('Home and Kitchen');
    await expect(fact('Payment methods')).toHaveText('EcoCash, Cash (USD)');
    await expect(fact('Looking to')).toHaveText('Sell');
    await expect(fact('Location')).toHaveText('Mkoba 6');
    await expect(fact('Posted by')).toContainText('Tatenda Sibanda');
    await expect(fact('Posted on')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M$/);
    const details = page.getByText('Two doors.');
    expect(await details.evaluate((el) => el.textContent)).toBe('Two doors.\n\n  Ice maker works.');
    const main = page.getByRole('button', { name: `Open the photos of ${post.name} (3)` }).locator('img');
    // The detail asks for the variant that fits its slot; the full one is the gallery's.
    await expect(main).toHaveAttribute('src', images[0]?.mediumUrl ?? '');
    await expect(main).toHaveAttribute('width', String(images[0]?.width));

    await page.getByRole('button', { name: `Open the photos of ${post.name} (3)` }).click();
    await expect(gallery(page)).toBeVisible();
    await expect(gallery(page)).toContainText('1 of 3');
    await expect(gallery(page).getByRole('img')).toHaveAttribute('src', images[0]?.url ?? '');
    await expectNoAxeViolations(page);
    await gallery(page).getByRole('button', { name: 'Next image' }).click();
    await expect(gallery(page)).toContainText('2 of 3');
    await expect(gallery(page).getByRole('img')).toHaveAttribute('src', /^data:image\/svg\+xml,/);
    await page.keyboard.press('ArrowRight');
    await expect(gallery(page)).toContainText('3 of 3');
    await expect(gallery(page).getByRole('img')).toHaveAttribute('src', images[2]?.url ?? '');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(gallery(page)).toContainText('1 of 3');
    await page.keyboard.press('Escape');
    await expect(gallery(page)).toBeHidden();
    await expect(page.getByRole('button', { name: `Open the photos of ${post.name} (3)` })).toBeFocused();

    // A thumbnail opens the gallery at its photo; the close button leaves.
    await page.getByRole('button', { name: 'Open photo 3 of 3' }).click();
    await expect(gallery(page)).toContainText('3 of 3');
    await gallery(page).getByRole('button', { name: 'Close gallery' }).click();
    await expect(gallery(page)).toBeHidden();
  });

  test('calls and WhatsApp: tel link and wa.me in +263 form with the post named and linked', async ({
    page,
    request,
    baseURL,
  }) => {
    const tag = uniqueTag();
    await signInSeller(request, 'Nyasha Gumbo', '077 123 4567');
    const post = await createPost(request, { name: `${tag} welding services`, type: 'service', price: '25' });
    await page.goto(`/posts/${post.id}`);
    await expect(page.getByText('$25 per hour')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Call 077 123 4567' })).toHaveAttribute(
      'href',
      'tel:+263771234567',
    );
    const href = await page.getByRole('link', { name: 'WhatsApp', exact: true }).getAttribute('href');
    const whatsapp = new URL(href ?? '');
    expect(`${whatsapp.origin}${whatsapp.pathname}`).toBe('https://wa.me/263771234567');
    const text = whatsapp.searchParams.get('text') ?? '';
    expect(text).toContain(post.name);
    expect(text).toContain(`${baseURL}/posts/${post.id}`);
  });

  test('a post without images says so', async ({ page, request }) => {
    await signInSeller(request);
    const post = await createPost(request, { name: `${uniqueTag()} plain post` });
    await page.goto(`/posts/${post.id}`);
    await expect(page.getByRole('heading', { level: 1, name: post.name })).toBeVisible();
    await expect(page.getByText(MSG.images.noneForPost)).toBeVisible();
    await expect(page.getByRole('button', { name: /Open the photo/ })).toHaveCount(0);
  });
});

test.describe('Shareable post link (/posts/{postId})', () => {
  test('opens for visitors, survives a reload, and its HTML carries the Open Graph tags', async ({
    page,
    request,
  }) => {
    const tag = uniqueTag();
    await signInSeller(request);
    const post = await createPost(request, {
      name: `${tag} Toyota Hilux & trailer`,
      price: '7600',
      images: 1,
    });

    await page.goto(`/posts/${post.id}`);
    await expect(page.getByRole('heading', { level: 1, name: post.name })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${tag} Toyota Hilux & trailer`));
    await expect(page.getByRole('link', { name: 'Back to Posts' })).toHaveAttribute('href', '/infinite');
    await expectNoAxeViolations(page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: post.name })).toBeVisible();

    const html = await (await page.request.get(`/posts/${post.id}`)).text();
    expect(html).toContain(`<meta property="og:title" content="${tag} Toyota Hilux &amp; trailer" />`);
    expect(html).toMatch(/<meta property="og:description" content="\$7,600 per item · Harare/);
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+\/media\//);

    // Signed in, Back to Posts leads to the full list.
    await signedInUser(page, 'Rudo Chari');
    await page.goto(`/posts/${post.id}`);
    await page.getByRole('link', { name: 'Back to Posts' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test("says 'Invalid post ID' and 'Post data not found'", async ({ page }) => {
    await page.goto('/posts/abc');
    await expect(page.getByRole('alert')).toHaveText(MSG.postDetail.invalidId);
    await page.goto('/posts/2147483647');
    await expect(page.getByRole('alert')).toHaveText(MSG.postDetail.notFound);
    await expectNoAxeViolations(page);
  });
});
