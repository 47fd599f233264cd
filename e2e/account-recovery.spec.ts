// Issue 31 on a phone: a forgotten password through the mailed link to a new password and a signed-in
// member; a confirmed address from its link; the unconfirmed banner's Resend; and deleting an account,
// after which its posts are gone from the feeds. The server has no mail server configured, so each mail
// is an .eml file in its DATA_DIR/outbox (as `npm start` does), which the journey reads like an inbox.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { createPost, signInSeller, uniqueTag } from './data';
import { expect, expectNoAxeViolations, newUser, registerViaApi, signInViaScreen, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

const outbox = path.join(`/tmp/mkt-e2e-${process.env.E2E_PORT}`, 'outbox');

/**
 * The path and query of the link in the newest mail of `kind` to `email`, once at least `count` such
 * mails are in the outbox folder (mail goes out a moment after the call that queued it).
 */
async function mailedLink(
  email: string,
  kind: 'password-reset' | 'verify-email',
  count = 1,
): Promise<string> {
  let links: string[] = [];
  await expect
    .poll(
      async () => {
        let files: string[] = [];
        try {
          files = readdirSync(outbox)
            .filter((file) => file.endsWith(`-${kind}.eml`))
            .sort();
        } catch {
          return 0;
        }
        links = [];
        for (const file of files) {
          const mail = await simpleParser(readFileSync(path.join(outbox, file)));
          if (!JSON.stringify(mail.to).includes(email)) continue;
          const url = new URL(mail.text?.match(/https?:\/\/\S+/)?.[0] ?? '');
          links.push(`${url.pathname}${url.search}`);
        }
        return links.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return links.at(-1) ?? '';
}

test.describe('a forgotten password (issue 31)', () => {
  test('Forgot password? on /login, the mailed link, a new password, then signed in', async ({ page }) => {
    const user = newUser('Farai Moyo');
    await registerViaApi(page, user);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).tap();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send the link' }).tap();
    await expect(page.getByRole('status')).toContainText('If an account uses that address');

    await page.goto(await mailedLink(user.email, 'password-reset'));
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('New password', { exact: true }).fill('a brand new password');
    await page.getByLabel('Confirm new password').fill('a brand new password');
    await page.getByRole('button', { name: 'Save the new password' }).tap();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status')).toHaveText(
      'Your password was changed. Sign in with your new password.',
    );
    await signInViaScreen(page, { ...user, password: 'a brand new password' });

    // The link worked once.
    await page.goto(await mailedLink(user.email, 'password-reset'));
    await page.getByLabel('New password', { exact: true }).fill('yet another password');
    await page.getByLabel('Confirm new password').fill('yet another password');
    await page.getByRole('button', { name: 'Save the new password' }).tap();
    await expect(page.getByRole('alert')).toHaveText(
      'This link has expired or was already used. Please ask for a new one.',
    );
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  });
});

test.describe('a confirmed address (issue 31)', () => {
  test('the unconfirmed banner on /account, Resend, and the link confirming it', async ({ page }) => {
    const user = newUser('Nyasha Banda');
    await registerViaApi(page, user);
    await signInViaScreen(page, user);
    await page.goto('/account');
    const banner = page.getByText(`Please confirm your email address: we sent a link to ${user.email}.`);
    await expect(banner).toBeVisible();
    await expectNoAxeViolations(page);
    const resend = page.getByRole('button', { name: 'Resend' });
    await expect(resend).toBeInViewport();
    await resend.tap();
    await expect(page.getByRole('status')).toHaveText(`We sent a new link to ${user.email}.`);

    await page.goto(await mailedLink(user.email, 'verify-email', 2));
    await expect(page.getByRole('status')).toHaveText('Your email address is confirmed. Thank you!');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Go to your account' }).tap();
    await expect(page).toHaveURL(/\/account$/);
    await expect(banner).toBeHidden();
  });
});

test.describe('deleting an account (issue 31)', () => {
  test('Delete account names what goes, asks the password, and the posts leave the feeds', async ({
    page,
    browser,
  }) => {
    const tag = uniqueTag();
    const user = newUser('Tatenda Leaving');
    await registerViaApi(page, user);
    await signInViaScreen(page, user);
    await createPost(page.request, { name: `Leaving sofa ${tag}` });

    // Another member sees the post on /home.
    const other = await browser.newContext();
    await signInSeller(other.request, 'Rudo Watching');
    const search = () => other.request.get(`/api/posts?search=${tag}`);
    expect((await (await search()).json()).posts).toHaveLength(1);

    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
    await expectNoAxeViolations(page);
    await expect(page.getByRole('link', { name: 'Download my data' })).toHaveAttribute(
      'href',
      '/api/account/export',
    );
    await page.getByRole('button', { name: 'Delete account' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('Your comments stay, under the name “Deleted user”.');
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Your password').fill('not the password');
    await dialog.getByRole('button', { name: 'Delete account' }).tap();
    await expect(dialog.getByText('Password is incorrect')).toBeVisible();
    await dialog.getByLabel('Your password').fill(user.password);
    await dialog.getByRole('button', { name: 'Delete account' }).tap();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();

    expect((await (await search()).json()).posts).toHaveLength(0);
    const login = await page.request.post('/api/login', {
      data: { email: user.email, password: user.password },
    });
    expect(login.status()).toBe(401);
    await other.close();
  });
});
