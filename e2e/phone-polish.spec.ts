// What a newcomer met on a 360 px Android phone (issue 16), each rough edge as a journey on a phone
// viewport with touch: phone numbers that can be called, prices as written, the city on /infinite
// cards, deleting a post from the dashboard, and signing in from a shared post coming back to it.
import type { Page } from '@playwright/test';
import { MSG } from '../shared/messages';
import { createPost, createPosts, signInSeller, uniqueTag } from './data';
import { expect, expectNoAxeViolations, newUser, signInViaScreen, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

const infiniteCard = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Posts' }).getByRole('listitem').filter({ hasText: name });

test('sign-up refuses a number nobody can call; Call and WhatsApp follow the kind of number', async ({
  page,
  browser,
  baseURL,
}) => {
  const user = newUser('Kuda Phiri');
  await page.goto('/signup');
  await page.getByLabel('Full name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Phone number').fill('077 123');
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).tap();
  await expect(page.getByText(MSG.signup.invalidPhone)).toBeVisible();
  const login = await page.request.post('/api/login', {
    data: { email: user.email, password: user.password },
  });
  expect(login.status()).toBe(401);

  // The server refuses it too (a client that skips the form), and a number a digit short.
  for (const phoneNumber of ['077 123', '077123456', '+26377123']) {
    const res = await page.request.post('/api/signup', { data: { ...user, phoneNumber } });
    expect(res.status(), phoneNumber).toBe(400);
    expect((await res.json()).errors.phoneNumber).toBe(MSG.signup.invalidPhone);
  }

  await page.getByLabel('Phone number').fill('+263 77 123 4567');
  await page.getByRole('button', { name: 'Create Account' }).tap();
  await expect(page.getByText('Your account was successfully created')).toBeVisible();

  // A landline: Call, and no WhatsApp (a landline has none).
  const seller = await browser.newContext({ baseURL });
  try {
    await signInSeller(seller.request, 'Harare Hardware', '0242 123 456');
    const post = await createPost(seller.request, { name: `${uniqueTag()} cement bags` });
    await page.goto(`/posts/${post.id}`);
    // On a phone the contact buttons stay at the bottom of the screen.
    const bar = page.getByRole('region', { name: 'Contact the seller' });
    await expect(bar.getByRole('link', { name: 'Call 0242 123 456' })).toHaveAttribute(
      'href',
      'tel:+263242123456',
    );
    await expect(page.getByRole('link', { name: 'WhatsApp', exact: true })).toHaveCount(0);
    // At the bottom of the first screen, without scrolling.
    const box = await bar.boundingBox();
    const height = page.viewportSize()?.height ?? 0;
    expect(box && Math.round(box.y + box.height)).toBeGreaterThan(height - 8);
    expect(box && Math.round(box.y + box.height)).toBeLessThanOrEqual(height);
  } finally {
    await seller.close();
  }
});

test('prices read as sellers wrote them, and /infinite cards name the city', async ({ page, request }) => {
  const tag = uniqueTag();
  await signInSeller(request, 'Tsitsi Mlambo', '0712 345 678');
  const posts = await createPosts(request, [
    { name: `${tag} plot in Borrowdale`, price: '1500000', city: 'Harare' },
    { name: `${tag} maize seed`, price: 'ZiG 5000', city: 'Chinhoyi' },
    { name: `${tag} cement`, price: '50 per bag', city: 'Gweru' },
    { name: `${tag} laptop`, price: 'US$280', city: 'Bulawayo' },
    { name: `${tag} tiling`, type: 'service', price: 'Negotiable', city: 'Mutare', images: 1 },
  ]);

  await page.goto('/infinite');
  // The feed holds its own overscroll, so the browser's pull-to-refresh does not reload the page.
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).overscrollBehaviorY))
    .toBe('contain');
  const expected = [
    ['$1,500,000 per item', 'Harare'],
    ['ZiG 5,000', 'Chinhoyi'],
    ['50 per bag', 'Gweru'],
    ['US$280', 'Bulawayo'],
    ['Negotiable', 'Mutare'],
  ];
  for (const [i, post] of posts.entries()) {
    const [price, city] = expected[i] ?? [];
    const card = infiniteCard(page, post.name);
    await expect(card.getByText(price ?? '', { exact: true })).toBeVisible();
    await expect(card.getByText(new RegExp(`^${city} · `))).toBeVisible();
    await expect(card).not.toContainText('$Negotiable');
    await expect(card).not.toContainText('per item per');
  }
  await expect(page.getByText(/\$ZiG|\$US\$|Negotiable per hour/)).toHaveCount(0);
  const service = infiniteCard(page, `${tag} tiling`);
  await service.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('infinite-card-with-city.png') });
  await expectNoAxeViolations(page);

  // The post's own page shows the same price.
  await page.goto(`/posts/${posts[0]?.id}`);
  await expect(page.getByText('$1,500,000 per item')).toBeVisible();
});

test('a seller sees how each post is doing and deletes one after a confirmation', async ({
  page,
  browser,
  baseURL,
}) => {
  const user = newUser('Farai Seller');
  const res = await page.request.post('/api/signup', { data: user });
  expect(res.status()).toBe(201);
  await signInViaScreen(page, user);
  const tag = uniqueTag();
  const keep = await createPost(page.request, { name: `${tag} sofa to keep` });
  const gone = await createPost(page.request, { name: `${tag} fridge to delete`, images: 2 });

  // Someone else views, likes and comments on it.
  const fan = await browser.newContext({ baseURL });
  try {
    await signInSeller(fan.request, 'Rudo Buyer');
    expect((await fan.request.post(`/api/posts/${gone.id}/view`)).status()).toBe(200);
    expect((await fan.request.post(`/api/likes/toggle/${gone.id}`)).status()).toBe(200);
    const comment = await fan.request.post('/api/comments', {
      data: { postId: gone.id, content: 'Still available?' },
    });
    expect(comment.status()).toBe(201);
  } finally {
    await fan.close();
  }
  const images = (await (await page.request.get(`/api/posts/${gone.id}`)).json()).images as { url: string }[];
  expect(images).toHaveLength(2);

  await page.goto('/account');
  const card = page.getByRole('article', { name: gone.name });
  await expect(card.getByRole('list', { name: 'Activity' }).getByRole('listitem')).toHaveText([
    '1 view',
    '1 like',
    '1 comment',
  ]);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('dashboard-card-stats.png') });

  // Cancel keeps it.
  await card.getByRole('button', { name: `Delete ${gone.name}` }).tap();
  const dialog = page.getByRole('dialog', { name: MSG.account.confirmDeleteTitle });
  await expect(dialog).toContainText(MSG.account.confirmDelete(gone.name));
  await dialog.getByRole('button', { name: 'Cancel' }).tap();
  await expect(dialog).toBeHidden();
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: `Delete ${gone.name}` }).tap();
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('dashboard-delete-confirmation.png') });
  await dialog.getByRole('button', { name: 'Delete' }).tap();
  await expect(page.getByText(MSG.account.deleted, { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('article', { name: keep.name })).toBeVisible();

  // Gone everywhere: the API, the shared link and its images.
  expect((await page.request.get(`/api/posts/${gone.id}`)).status()).toBe(404);
  expect((await page.request.delete(`/api/posts/${gone.id}`)).status()).toBe(404);
  for (const image of images) expect((await page.request.get(image.url)).status()).toBe(404);
  await page.goto(`/posts/${gone.id}`);
  await expect(page.getByText(MSG.postDetail.notFound)).toBeVisible();

  // Unpublishing asks first too.
  await page.goto('/account');
  const kept = page.getByRole('article', { name: keep.name });
  await kept.getByRole('button', { name: 'Unpublish' }).tap();
  const unpublish = page.getByRole('dialog', { name: MSG.account.confirmUnpublishTitle });
  await unpublish.getByRole('button', { name: 'Cancel' }).tap();
  await expect(kept.getByText('Published', { exact: true })).toBeVisible();
});

test('a visitor from a shared link signs in from the post and comes back to it', async ({
  page,
  request,
}) => {
  await signInSeller(request, 'Nyasha Gumbo', '077 765 4321');
  const post = await createPost(request, { name: `${uniqueTag()} solar panel 300W`, price: '120' });
  const user = newUser('Tafadzwa Visitor');
  expect((await page.request.post('/api/signup', { data: user })).status()).toBe(201);
  // HEAD of the shared link answers like GET (uptime monitors and link previews ask with it).
  expect((await page.request.head(`/posts/${post.id}`)).status()).toBe(200);
  expect((await page.request.head('/home')).status()).toBe(200);

  await page.goto(`/posts/${post.id}`);
  await page.getByRole('button', { name: 'Like', exact: true }).tap();
  await page.getByRole('link', { name: 'Sign in to like posts' }).tap();
  await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fposts%2F${post.id}%3Fthen%3Dlike-${post.id}$`));
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).tap();
  await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: post.name })).toBeVisible();
  // The like the visitor asked for is done on return (issue 34).
  await expect(page.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // A link that tries to send the visitor elsewhere after signing in lands on /home instead.
  expect((await page.request.post('/api/logout')).status()).toBe(200);
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login?next=https%3A%2F%2Fevil.example%2F');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).tap();
  await expect(page).toHaveURL(/\/home$/);
});

test('Back before the next screen has loaded shows the screen the reader went back to', async ({ page }) => {
  await signInSeller(page.request);
  const post = await createPost(page.request, { name: `Water tank ${uniqueTag()}` });
  // About's code arrives late, as on a slow connection: the reader taps it and goes back at once.
  await page.route(/\/assets\/about-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  await page.goto(`/home?search=${encodeURIComponent(post.name)}`);
  await expect(infiniteCard(page, post.name)).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await page.getByRole('link', { name: 'About Us' }).tap();
  await expect(page).toHaveURL(/\/about$/);
  await page.goBack();
  await expect(infiniteCard(page, post.name)).toBeVisible();
  // Still there once About's code has come.
  await page.waitForResponse(/\/assets\/about-[^/]*\.js$/);
  await expect(infiniteCard(page, post.name)).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 1, name: 'All Published Posts from All Users, All Time' }),
  ).toBeVisible();
});
