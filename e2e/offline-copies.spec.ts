// Offline copies follow moderation and who asks (decision 044), and the first visit is kept (issue
// 34): a post a moderator hides no longer opens offline once the network has said so; a moderator's
// view of a suspended seller's post is never kept; what a first visit read before the worker was in
// control opens offline, and a screen with nothing saved says so. On a 360 px phone with touch.
import { type APIRequestContext, expect, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { MSG } from '../shared/messages';
import { createPost, getPost, signInSeller, uniqueTag } from './data';
import { type E2EUser, expectNoAxeViolations, newUser, registerViaApi, signInViaScreen } from './fixtures';
import { controlledByWorker, goOffline, savedKeys, test } from './offline-helpers';

test.use({
  serviceWorkers: 'allow',
  viewport: { width: 360, height: 740 },
  hasTouch: true,
  isMobile: true,
});

const DATA = 'saved-data-v1';
const MEDIA = 'saved-media-v1';

/** In MODERATOR_EMAILS (playwright.config.ts), so a moderator from sign-up. */
const MODERATOR: E2EUser = {
  name: 'Nyasha Moderator',
  email: 'e2e.moderator@example.co.zw',
  phoneNumber: '0771234567',
  password: 'correct horse battery',
};

/** Workers share the server: whichever signs the moderator up first gets 201, the other 409. */
async function signUpModerator(request: APIRequestContext) {
  const res = await request.post('/api/signup', { data: { ...MODERATOR } });
  expect([201, 409], await res.text()).toContain(res.status());
}

/** A moderator's API context, signed in. */
async function moderatorApi(playwright: PlaywrightWorkerArgs['playwright'], baseURL?: string) {
  const moderator = await playwright.request.newContext({ baseURL });
  await signUpModerator(moderator);
  const login = await moderator.post('/api/login', {
    data: { email: MODERATOR.email, password: MODERATOR.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  return moderator;
}

/** A new seller's published post with one photo, on an API context of its own. */
async function sellersPost(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  name: string,
) {
  const seller = await playwright.request.newContext({ baseURL });
  await signInSeller(seller, 'Chipo Ndlovu');
  const post = await createPost(seller, { name: `${name} ${uniqueTag()}`, images: 1, price: '120' });
  const detail = await getPost(seller, post.id);
  const userId = (detail.Product ?? detail.Service)?.userId;
  return { seller, post, userId, thumb: detail.images[0]?.thumbUrl ?? '' };
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const nothingSaved = (page: Page) => page.getByRole('status').filter({ hasText: MSG.offline.nothingSaved });

test('a post a moderator hides no longer opens offline, nor does its photo', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  const { post, thumb } = await sellersPost(playwright, baseURL, 'Chest freezer');

  // Read signed out, with the worker in control: the post and its thumbnail are saved.
  await page.goto('/infinite');
  await controlledByWorker(page);
  await page.goto(`/posts/${post.id}`);
  await expect(heading(page, post.name)).toBeVisible();
  await expect.poll(() => savedKeys(page, DATA)).toContain(`/api/posts/${post.id}`);
  await expect.poll(() => savedKeys(page, MEDIA)).toContain(thumb);

  // A moderator hides it. Online, the network answers (not the saved copy): 'Post data not found',
  // and the saved copy and its thumbnail go.
  const moderator = await moderatorApi(playwright, baseURL);
  const hide = await moderator.post(`/api/moderation/posts/${post.id}/hide`, { data: { reason: 'Scam' } });
  expect(hide.status(), await hide.text()).toBe(200);
  await page.reload();
  await expect(page.getByText(MSG.postDetail.notFound)).toBeVisible();
  await expect.poll(() => savedKeys(page, DATA)).not.toContain(`/api/posts/${post.id}`);
  await expect.poll(() => savedKeys(page, MEDIA)).not.toContain(thumb);

  // Offline, it no longer opens: no name, no number, no WhatsApp; the screen says why.
  await goOffline(context, page);
  await page.reload();
  await expect(nothingSaved(page)).toBeVisible();
  await expect(heading(page, post.name)).toBeHidden();
  await expect(page.getByRole('link', { name: /WhatsApp|Call/ })).toHaveCount(0);
  await moderator.dispose();
});

test('a moderator’s view of a suspended seller’s post is not kept; a listed post is', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  const suspended = await sellersPost(playwright, baseURL, 'Suspended seller generator');
  const listed = await sellersPost(playwright, baseURL, 'Listed seller generator');
  const moderator = await moderatorApi(playwright, baseURL);
  const suspend = await moderator.post(`/api/moderation/users/${suspended.userId}/suspend`, { data: {} });
  expect(suspend.status(), await suspend.text()).toBe(200);
  await moderator.dispose();

  await signUpModerator(page.request);
  await signInViaScreen(page, MODERATOR);
  await controlledByWorker(page);

  await page.goto(`/posts/${listed.post.id}`);
  await expect(heading(page, listed.post.name)).toBeVisible();
  await expect.poll(() => savedKeys(page, DATA)).toContain(`/api/posts/${listed.post.id}`);

  // The moderator sees what visitors do not: the answer says private, and the worker keeps none of it.
  const answer = page.waitForResponse((res) => res.url().endsWith(`/api/posts/${suspended.post.id}`));
  await page.goto(`/posts/${suspended.post.id}`);
  expect((await answer).headers()['cache-control']).toBe('private, no-store');
  await expect(heading(page, suspended.post.name)).toBeVisible();

  await goOffline(context, page);
  await page.reload();
  await expect(nothingSaved(page)).toBeVisible();
  await expect(heading(page, suspended.post.name)).toBeHidden();
  expect(await savedKeys(page, DATA)).not.toContain(`/api/posts/${suspended.post.id}`);
  // The listed post still opens offline: the worker was keeping what it may.
  await page.goto(`/posts/${listed.post.id}`);
  await expect(heading(page, listed.post.name)).toBeVisible();
});

test('a first visit is kept once the worker is active; offline with nothing saved says so', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  const { post } = await sellersPost(playwright, baseURL, 'Fridge first visit');
  const reader = newUser('Farai Mutasa');
  await registerViaApi(page, reader);

  // One visit, no worker yet (a fresh browser): the feed, then the post opened from it.
  const login = await page.request.post('/api/login', {
    data: { email: reader.email, password: reader.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto('/home');
  const card = page.getByRole('list', { name: 'Posts' }).getByRole('heading', { level: 2, name: post.name });
  await card.tap();
  await expect(heading(page, post.name)).toBeVisible();

  // The worker installs a few seconds after load and takes the page; it keeps what was shown. The
  // feed's page was read before any worker existed: only the hand-over can have saved it.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 60_000 })
    .toBe(true);
  await expect.poll(() => savedKeys(page, DATA)).toContain(`/api/posts/${post.id}`);
  await expect
    .poll(async () => (await savedKeys(page, DATA)).some((key) => /^\/api\/posts(\?|$)/.test(key)))
    .toBe(true);

  await goOffline(context, page);
  await page.reload();
  await expect(heading(page, post.name)).toBeVisible();
  await expect(page.getByText(MSG.offline.banner)).toBeVisible();
  await page.goto('/home');
  await expect(card).toBeVisible();

  // A feed this visit never read: nothing saved, and the screen says so instead of loading forever.
  await page.goto('/infinite');
  await expect(nothingSaved(page)).toBeVisible();
  await expect(page.getByText('Loading posts...')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('offline-nothing-saved-360.png') });
});
