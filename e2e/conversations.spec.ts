// Issue 32 on two phones at once: a visitor taps 'Message seller' on a post, signs in and comes back,
// sends the prefilled first message; the seller's header count rises and the thread updates live; the
// seller replies and the buyer sees it without reloading; a message written offline waits and goes
// once when the connection is back; Block ends it. Every screen passes axe.
import type { Browser, Page } from '@playwright/test';
import { createPost, uniqueTag } from './data';
import { expect, expectNoAxeViolations, newUser, registerViaApi, test, watchConsoleErrors } from './fixtures';

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };
test.use(PHONE);

/** A second phone: its own browser context, signed in through the screen. */
async function secondPhone(browser: Browser, name: string) {
  const context = await browser.newContext({
    ...PHONE,
    baseURL: `http://localhost:${process.env.E2E_PORT}`,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const errors = watchConsoleErrors(page);
  const user = newUser(name);
  await registerViaApi(page, user);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/home$/);
  return { context, page, user, errors };
}

async function signIn(page: Page, email: string, password: string) {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).tap();
}

const thread = (page: Page) => page.getByRole('list', { name: 'Messages' });

test('buyer asks from a post, the seller sees it live and replies, offline waits, block ends it', async ({
  browser,
  page,
  context,
}, testInfo) => {
  const seller = await secondPhone(browser, 'Chipo Seller');
  const tag = uniqueTag();
  const post = await createPost(seller.page.request, { name: `Hisense fridge ${tag}`, price: '250' });
  const messagesLink = seller.page.getByRole('link', { name: /^Messages/ });
  await expect(messagesLink.first()).toBeVisible();
  await expect(seller.page.getByRole('link', { name: 'Messages, 1 unread' })).toHaveCount(0);

  // A visitor on the post: 'Message seller' goes to sign in, which comes back to the post with it open.
  const buyer = newUser('Tendai Buyer');
  await registerViaApi(page, buyer);
  await page.context().clearCookies();
  await page.goto(`/posts/${post.id}`);
  await page.getByRole('link', { name: 'Message seller' }).first().tap();
  await expect(page).toHaveURL(/\/login\?/);
  await signIn(page, buyer.email, buyer.password);
  await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));

  // What they asked for is open on return (issue 34): the first message, written for them.
  await page.screenshot({ path: testInfo.outputPath('post-360.png') });
  const dialog = page.getByRole('dialog', { name: 'Message seller' });
  await expect(dialog.getByLabel('Your message')).toHaveValue('Hi, is this still available?');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Send' }).tap();
  await expect(page).toHaveURL(/\/messages\/\d+$/);
  await expect(thread(page).getByText('Hi, is this still available?')).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`Hisense fridge ${tag}`) })).toBeVisible();

  // The seller, who has not reloaded: the header count rises.
  await expect(seller.page.getByRole('link', { name: 'Messages, 1 unread' })).toBeVisible();
  await seller.page.getByRole('link', { name: 'Messages, 1 unread' }).tap();
  await expect(seller.page).toHaveURL(/\/messages$/);
  const row = seller.page.getByRole('link', { name: /Tendai Buyer/ });
  await expect(row).toContainText(`Hisense fridge ${tag}`);
  await expect(row).toContainText('Hi, is this still available?');
  await expect(row).toContainText('1 unread');
  await expectNoAxeViolations(seller.page);
  await seller.page.screenshot({ path: testInfo.outputPath('inbox-360.png') });
  await row.tap();
  await expect(thread(seller.page).getByText('Hi, is this still available?')).toBeVisible();
  // Read: the count goes.
  await expect(seller.page.getByRole('link', { name: /^Messages/ }).first()).toHaveAccessibleName('Messages');

  // Live both ways, no reloads.
  await page.getByLabel('Your message').fill('Can I see it on Saturday?');
  await page.getByRole('button', { name: 'Send' }).tap();
  await expect(thread(seller.page).getByText('Can I see it on Saturday?')).toBeVisible();
  await seller.page.getByLabel('Your message').fill('Yes, come at 10. I am in Avondale.');
  await seller.page.getByRole('button', { name: 'Send' }).tap();
  await expect(thread(page).getByText('Yes, come at 10. I am in Avondale.')).toBeVisible();
  await expectNoAxeViolations(seller.page);
  await seller.page.screenshot({ path: testInfo.outputPath('thread-360.png') });

  // Offline: the message waits in the thread, then goes once the connection is back, once.
  await context.setOffline(true);
  await page.getByLabel('Your message').fill('I will bring cash');
  await page.getByRole('button', { name: 'Send' }).tap();
  await expect(thread(page).getByText('Waiting for connection')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('waiting-360.png') });
  await context.setOffline(false);
  await expect(thread(page).getByText('Waiting for connection')).toHaveCount(0);
  await expect(thread(seller.page).getByText('I will bring cash')).toHaveCount(1);
  await expect(thread(page).getByText('I will bring cash')).toHaveCount(1);

  // The seller blocks the buyer: the box gives way on both sides, and nothing more can be sent.
  await seller.page.getByRole('button', { name: 'More actions' }).tap();
  await seller.page.getByRole('button', { name: 'Block Tendai Buyer' }).tap();
  await seller.page
    .getByRole('dialog', { name: 'Block this person?' })
    .getByRole('button', { name: 'Block' })
    .tap();
  await expect(seller.page.getByText(/neither of you can send messages here/)).toBeVisible();
  await expect(seller.page.getByLabel('Your message')).toHaveCount(0);
  await page.getByLabel('Your message').fill('Hello?');
  await page.getByRole('button', { name: 'Send' }).tap();
  await expect(thread(page).getByText("You can't message this person.")).toBeVisible();
  await seller.page.screenshot({ path: testInfo.outputPath('blocked-360.png') });
  await page.reload();
  await expect(page.getByText(/neither of you can send messages here/)).toBeVisible();
  await expectNoAxeViolations(page);

  expect(seller.errors).toEqual([]);
  await seller.context.close();
});
