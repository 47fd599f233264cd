import type { Page } from '@playwright/test';
import {
  type E2EUser,
  expect,
  expectNoAxeViolations,
  newUser,
  registerViaApi,
  signedInUser,
  signInViaScreen,
  test,
} from './fixtures';

/** Records the requests a page sends to one API path, to prove a check made no call. */
function callsTo(page: Page, path: string) {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) calls.push(request.method());
  });
  return calls;
}

const storedUser = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? 'null'));

/** The value shown for one row ('Name', 'Email', 'Phone') of the profile card. */
const detail = (page: Page, label: string) =>
  page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd');

async function closeNotification(page: Page) {
  await page.getByRole('dialog', { name: 'Notification' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
}

async function logoutAndSignIn(page: Page, user: E2EUser, oldPassword: string) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(oldPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await signInViaScreen(page, user);
}

/** The profile's edit form (the page also has the change-password form, with its own current password). */
const profileForm = (page: Page) => page.getByRole('form', { name: 'Edit profile' });

test.describe('Profile (/profile)', () => {
  test('shows the details, edits them in a modal flow, and the stored user follows', async ({ page }) => {
    const user = await signedInUser(page, 'Tendai Moyo');
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Personal Information' })).toBeVisible();
    await expect(detail(page, 'Name')).toHaveText(user.name);
    await expect(detail(page, 'Email')).toHaveText(user.email);
    await expect(detail(page, 'Phone')).toHaveText(user.phoneNumber);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Phone number')).toHaveAttribute('type', 'tel');
    await expect(page.getByLabel('Full name')).toHaveValue(user.name);
    await expectNoAxeViolations(page);

    // Cancel discards the edits.
    await page.getByLabel('Full name').fill('Nobody');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(detail(page, 'Name')).toHaveText(user.name);

    const renamed = { name: 'Rudo Chari', email: `renamed.${user.email}` };
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Full name').fill(renamed.name);
    await page.getByLabel('Email').fill(renamed.email.toUpperCase());
    // The email is the login: changing it asks for the current password, and nothing is sent without it.
    const updates = callsTo(page, '/api/update-user');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please enter your current password to change your email.')).toBeVisible();
    await expect(profileForm(page).getByLabel('Current password')).toBeFocused();
    expect(updates).toEqual([]);
    await profileForm(page).getByLabel('Current password').fill(user.password);
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notification' });
    await expect(dialog).toContainText('Profile updated successfully!');
    await expectNoAxeViolations(page);
    await closeNotification(page);
    await expect(page.getByRole('button', { name: 'Edit' })).toBeFocused();

    await expect(detail(page, 'Name')).toHaveText(renamed.name);
    await expect(detail(page, 'Email')).toHaveText(renamed.email);
    expect(await storedUser(page)).toMatchObject({ ...renamed, phoneNumber: user.phoneNumber });

    // An empty phone is allowed and shows as N/A.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Phone number').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog', { name: 'Notification' })).toContainText(
      'Profile updated successfully!',
    );
    await closeNotification(page);
    await expect(detail(page, 'Phone')).toHaveText('N/A');
    expect((await storedUser(page)).phoneNumber).toBe('');

    // The server kept it: a reload (verify-auth, then fetch-user) shows the same.
    await page.reload();
    await expect(detail(page, 'Name')).toHaveText(renamed.name);
    await expect(detail(page, 'Phone')).toHaveText('N/A');
    expect(await storedUser(page)).toMatchObject({ ...renamed, phoneNumber: '' });
  });

  test('bad input stays under the fields; a taken email is explained', async ({ page }) => {
    const other = newUser('Chipo Ncube');
    await registerViaApi(page, other);
    const user = await signedInUser(page);
    await page.goto('/profile');
    const updates = callsTo(page, '/api/update-user');

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Full name').fill('  ');
    await page.getByLabel('Email').fill('not an email');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(page.getByLabel('Full name')).toBeFocused();
    await expectNoAxeViolations(page);
    expect(updates).toEqual([]);

    await page.getByLabel('Full name').fill('Tendai Moyo');
    await page.getByLabel('Email').fill(other.email);
    await profileForm(page).getByLabel('Current password').fill(user.password);
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notification' });
    await expect(dialog).toContainText('Failed to update profile.');
    await expect(dialog).toContainText('An account with this email already exists');
    await closeNotification(page);
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(updates).toEqual(['PUT']);
  });

  test('a failed load says so in the modal and can be retried', async ({ page }) => {
    const user = await signedInUser(page);
    await page.route('**/api/fetch-user*', (route) =>
      route.fulfill({ status: 404, json: { message: 'Not found.' } }),
    );
    await page.goto('/profile');
    const dialog = page.getByRole('dialog', { name: 'Notification' });
    await expect(dialog).toContainText('Error fetching profile data.');
    await expectNoAxeViolations(page);
    await closeNotification(page);

    await page.unroute('**/api/fetch-user*');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(detail(page, 'Email')).toHaveText(user.email);
  });

  test('changes the password: mismatch, wrong current, success; then only the new one works', async ({
    page,
  }) => {
    const user = await signedInUser(page);
    await page.goto('/profile');
    const changes = callsTo(page, '/api/change-password');
    const form = page.getByRole('form', { name: 'Change password' });
    const newPassword = 'a brand new passphrase';

    await form.getByLabel('Current password', { exact: true }).fill(user.password);
    await form.getByLabel('New password', { exact: true }).fill(newPassword);
    await form.getByLabel('Confirm new password').fill('something else');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Passwords do not match')).toBeVisible();
    expect(changes).toEqual([]);

    await form.getByLabel('Current password', { exact: true }).fill('not my password');
    await form.getByLabel('Confirm new password').fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notification' });
    await expect(dialog).toContainText('Failed to change password.');
    await expect(dialog).toContainText('Password is incorrect');
    await closeNotification(page);
    // A wrong password is not a lost session.
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

    await form.getByLabel('Current password', { exact: true }).fill(user.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(dialog).toContainText('Password changed successfully!');
    await closeNotification(page);
    await expect(form.getByLabel('Current password', { exact: true })).toHaveValue('');
    await expect(form.getByLabel('New password', { exact: true })).toHaveValue('');

    await logoutAndSignIn(page, { ...user, password: newPassword }, user.password);
  });

  test('links to the password management screen', async ({ page }) => {
    await signedInUser(page);
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Password management' }).click();
    await expect(page).toHaveURL(/\/pass$/);
  });
});

test.describe('Password management (/pass)', () => {
  test('verify first (wrong, then right), then mismatch and success; the new password signs in', async ({
    page,
    browser,
  }) => {
    const user = await signedInUser(page);
    // The same user on another device, to see that session end.
    const otherDevice = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const login = await otherDevice.request.post('/api/login', {
      data: { email: user.email, password: user.password },
    });
    expect(login.status()).toBe(200);

    await page.goto('/pass');
    await expect(page.getByRole('heading', { level: 1, name: 'Password management' })).toBeVisible();
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByLabel('Current password', { exact: true }).fill('not my password');
    await page.getByRole('button', { name: 'Verify password' }).click();
    await expect(page.getByText('Password is incorrect')).toBeVisible();
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

    await page.getByLabel('Current password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Verify password' }).click();
    await expect(page.getByText('Password is correct')).toBeVisible();
    await expect(page.getByLabel('New password', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Current password', { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);

    const updates = callsTo(page, '/api/update-password');
    const newPassword = 'another new passphrase';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(`${newPassword}!`);
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    expect(updates).toEqual([]);

    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByText('Password updated successfully')).toBeVisible();
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
    expect(updates).toEqual(['POST']);
    await expectNoAxeViolations(page);

    // This session stays signed in; the other device's session is over.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    const elsewhere = await (await otherDevice.request.get('/api/verify-auth')).json();
    expect(elsewhere.isAuthenticated).toBe(false);
    await otherDevice.close();

    await logoutAndSignIn(page, { ...user, password: newPassword }, user.password);
  });

  test('a lockout shows the server message; an odd failure says Error verifying password', async ({
    page,
  }) => {
    await signedInUser(page);
    await page.goto('/pass');
    await page.route('**/api/current-user-password', (route) =>
      route.fulfill({ status: 400, contentType: 'text/plain', body: 'Bad request' }),
    );
    await page.getByLabel('Current password', { exact: true }).fill('whatever it is');
    await page.getByRole('button', { name: 'Verify password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Error verifying password');
    await page.unroute('**/api/current-user-password');

    // Ten wrong guesses lock the account (DESIGN §4); the screen then shows the server's 429 message.
    for (let i = 0; i < 10; i++) {
      const res = await page.request.post('/api/current-user-password', {
        form: { providedPassword: `wrong guess ${i}` },
      });
      expect(res.status()).toBe(401);
    }
    await page.getByRole('button', { name: 'Verify password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Too many attempts. Please try again later.');
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  });

  test('an expired verification goes back to step 1 with the reason', async ({ page }) => {
    const user = await signedInUser(page);
    await page.goto('/pass');
    await page.getByLabel('Current password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Verify password' }).click();
    // Stand-in for the 5 minutes running out.
    await page.route('**/api/update-password', (route) =>
      route.fulfill({ status: 403, json: { message: 'Please confirm your current password first.' } }),
    );
    await page.getByLabel('New password', { exact: true }).fill('a good new password');
    await page.getByLabel('Confirm new password').fill('a good new password');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please confirm your current password first.');
    await expect(page.getByLabel('Current password', { exact: true })).toBeVisible();
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  });
});
