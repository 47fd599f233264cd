// Shared steps for the journeys: unique users, sign-up and sign-in through the real screens, an axe
// scan, and a guard that fails any test whose page logs a console error.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export interface E2EUser {
  name: string;
  email: string;
  phoneNumber: string;
  password: string;
}

let counter = 0;
export function newUser(name = 'Tendai Moyo'): E2EUser {
  counter += 1;
  return {
    name,
    email: `e2e.${Date.now().toString(36)}.${process.pid}.${counter}@example.co.zw`,
    phoneNumber: '0771234567',
    password: 'correct horse battery',
  };
}

/** Creates the account through the API (fast); journeys that test sign-up use the screen instead. */
export async function registerViaApi(page: Page, user: E2EUser) {
  const res = await page.request.post('/api/signup', {
    data: { name: user.name, email: user.email, phoneNumber: user.phoneNumber, password: user.password },
  });
  expect(res.status()).toBe(201);
}

export async function signInViaScreen(page: Page, user: E2EUser) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** A new user, signed in through the Sign In screen. */
export async function signedInUser(page: Page, name?: string) {
  const user = newUser(name);
  await registerViaApi(page, user);
  await signInViaScreen(page, user);
  return user;
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/**
 * Collects what `page` logs as a console error or throws uncaught, for the caller to assert on at the
 * end. The browser itself reports every 4xx answer; journeys that expect one (a wrong password) are fine.
 */
export function watchConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of 4\d\d/.test(msg.text())) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** Fails the test if `errors` (from watchConsoleErrors) is not empty. */
export function expectNoConsoleErrors(errors: string[], whose = 'the page') {
  expect(errors, `${whose} logged console errors`).toEqual([]);
}

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors = watchConsoleErrors(page);
      await use(errors);
      expectNoConsoleErrors(errors);
    },
    { auto: true },
  ],
});
export { expect };
