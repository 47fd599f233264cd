// Trust & safety journeys (issue 11): a member reports a post from its detail; the moderator finds it
// in the queue, hides it (gone for visitors) and restores it; a suspended member is signed out on
// their next step and cannot sign in again. /moderation and the report dialog are scanned with axe.
import type { APIRequestContext, Browser, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { MSG } from '../shared/messages';
import { createPost, signInSeller, uniqueTag } from './data';
import {
  type E2EUser,
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

/** In MODERATOR_EMAILS (playwright.config.ts), so a moderator from sign-up. */
const MODERATOR: E2EUser = {
  name: 'Nyasha Moderator',
  email: 'e2e.moderator@example.co.zw',
  phoneNumber: '0771234567',
  password: 'correct horse battery',
};

/** Workers share the server: whichever signs the moderator up first gets 201, the other 409. */
async function signInModerator(page: Page) {
  const res = await page.request.post('/api/signup', { data: { ...MODERATOR } });
  expect([201, 409], await res.text()).toContain(res.status());
  await signInViaScreen(page, MODERATOR);
}

/** A published post by a new seller, on an API context of its own. */
async function sellersPost(playwright: PlaywrightWorkerArgs['playwright'], baseURL?: string) {
  const seller = await playwright.request.newContext({ baseURL });
  await signInSeller(seller, 'Chipo Ndlovu');
  const post = await createPost(seller, { name: `Gas stove ${uniqueTag()}` });
  return { seller, post };
}

/** Another member reports `postId` through the API. */
async function reportViaApi(request: APIRequestContext, postId: number) {
  await signInSeller(request, 'Tatenda Ncube');
  const res = await request.post('/api/reports', {
    data: { targetType: 'post', targetId: postId, reason: 'scam', note: 'Wants a deposit first.' },
  });
  expect(res.status(), await res.text()).toBe(201);
}

const queueCard = (page: Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** Opens the card's decision, gives a reason and confirms; waits for the server's answer (a toast). */
async function decide(
  page: Page,
  card: ReturnType<typeof queueCard>,
  action: string,
  toast: string,
  reason?: string,
) {
  await card.getByRole('button', { name: action }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (reason) await dialog.getByLabel(/^Reason/).fill(reason);
  await dialog.getByRole('button', { name: action }).click();
  await expect(page.getByRole('status').filter({ hasText: new RegExp(`^${toast}$`) })).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** A visitor in a browser context of their own. */
async function visitor(browser: Browser, baseURL?: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const errors = watchConsoleErrors(page);
  return {
    page,
    async close() {
      await context.close();
      expectNoConsoleErrors(errors, "the visitor's page");
    },
  };
}

test.describe('Trust and safety', () => {
  test("a member reports another member's post from its detail and is thanked", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const { seller, post } = await sellersPost(playwright, baseURL);
    try {
      await signedInUser(page, 'Rudo Chikomo');
      // Members have no moderation screen.
      await expect(page.getByRole('link', { name: 'Moderation' })).toHaveCount(0);
      await page.goto(`/posts/${post.id}`);
      await expect(page.getByRole('heading', { level: 1, name: post.name })).toBeVisible();
      await page.getByRole('button', { name: 'Report this post' }).click();
      const dialog = page.getByRole('dialog', { name: 'Report this post' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('radio')).toHaveCount(6);
      await expectNoAxeViolations(page);

      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect(dialog.getByText('Please choose a reason.')).toBeVisible();
      await dialog.getByLabel('Scam or fraud').check();
      await dialog.getByLabel(/Anything a moderator should know/).fill('Asked me for a deposit first.');
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect(dialog.getByRole('status')).toHaveText(MSG.reports.thanks);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();

      // A second report of the same post is not counted twice, and the server says so.
      await page.getByRole('button', { name: 'Report this post' }).click();
      await dialog.getByLabel('Spam or repeated ad').check();
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect(dialog.getByRole('status')).toHaveText(MSG.reports.already);

      await page.goto('/moderation');
      await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
    } finally {
      await seller.dispose();
    }
  });

  test('the moderator hides a reported post (gone for visitors) and restores it', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    const { seller, post } = await sellersPost(playwright, baseURL);
    const reporter = await playwright.request.newContext({ baseURL });
    const anon = await visitor(browser, baseURL);
    try {
      await reportViaApi(reporter, post.id);
      await signInModerator(page);
      await page.getByRole('link', { name: 'Moderation' }).click();
      await expect(page).toHaveURL(/\/moderation$/);
      const card = queueCard(page, post.name);
      await expect(card.getByText('1 report · weight 1')).toBeVisible();
      // Each report says what it weighs and why (decision 014).
      await expect(card.getByText('member: 1')).toBeVisible();
      await expect(card.getByText('“Wants a deposit first.”')).toBeVisible();
      await expect(card.getByText('Chipo Ndlovu')).toBeVisible();
      await expectNoAxeViolations(page);

      await decide(page, card, 'Hide post', 'Hidden', 'Deposit scam');
      const decided = page.getByRole('region', { name: 'Decided on this visit' });
      await expect(queueCard(page, post.name).getByText('Removed by a moderator')).toBeVisible();
      await expect(decided).toContainText(post.name);
      // Gone for everyone else: the detail is 'not found' and the API answers 404.
      await anon.page.goto(`/posts/${post.id}`);
      await expect(anon.page.getByText(MSG.postDetail.notFound)).toBeVisible();
      expect((await anon.page.request.get(`/api/posts/${post.id}`)).status()).toBe(404);

      await decide(page, queueCard(page, post.name), 'Restore post', 'Restored');
      await expect(queueCard(page, post.name).getByText('Visible', { exact: true })).toBeVisible();
      await anon.page.reload();
      await expect(anon.page.getByRole('heading', { level: 1, name: post.name })).toBeVisible();

      // The audit log has both decisions, newest first, with the reason.
      await page.getByRole('tab', { name: 'Audit log' }).click();
      await expect(page).toHaveURL(/\?tab=log$/);
      const log = page.getByRole('tabpanel', { name: 'Audit log' });
      const entries = log.getByRole('listitem').filter({ hasText: `post #${post.id}` });
      await expect(entries).toHaveCount(2);
      await expect(entries.first()).toContainText('Restored');
      await expect(entries.last()).toContainText('Hidden');
      await expect(entries.last()).toContainText('“Deposit scam”');
      await expectNoAxeViolations(page);
    } finally {
      await anon.close();
      await reporter.dispose();
      await seller.dispose();
    }
  });

  test('a suspended member is signed out on their next step and told so at sign-in', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    const memberContext = await browser.newContext({ baseURL });
    const member = await memberContext.newPage();
    const memberErrors = watchConsoleErrors(member);
    const reporter = await playwright.request.newContext({ baseURL });
    try {
      const user = newUser('Farai Dube');
      await registerViaApi(member, user);
      await signInViaScreen(member, user);
      const post = await createPost(member.request, { name: `Phone ${uniqueTag()}` });
      await reportViaApi(reporter, post.id);

      await signInModerator(page);
      await page.goto('/moderation');
      const card = queueCard(page, post.name);
      await expect(card.getByText('Farai Dube')).toBeVisible();
      await decide(page, card, 'Suspend author', 'Account suspended', 'Scam ring');
      await expect(queueCard(page, post.name).getByText('Suspended', { exact: true })).toBeVisible();
      await expect(
        queueCard(page, post.name).getByRole('button', { name: 'Reinstate author' }),
      ).toBeVisible();

      // Still shown as signed in until the next call, which answers 401 and signs them out.
      await member.getByRole('link', { name: 'Account' }).click();
      await expect(member).toHaveURL(/\/login$/);
      await member.getByLabel('Email').fill(user.email);
      await member.getByLabel('Password').fill(user.password);
      await member.getByRole('button', { name: 'Login' }).click();
      await expect(member.getByRole('alert')).toHaveText(MSG.moderation.suspended);
      await expect(member).toHaveURL(/\/login$/);
    } finally {
      await memberContext.close();
      await reporter.dispose();
    }
    expectNoConsoleErrors(memberErrors, "the suspended member's page");
  });
});
