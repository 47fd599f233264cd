// Sold and reserved on a phone (issue 14): the seller marks a post reserved from the dashboard and the
// feed shows the badge; marked sold it leaves /home, and its link still opens, marked 'Sold', with no
// way to call about it; relisted, it is back.
import type { Page } from '@playwright/test';
import { MSG } from '../shared/messages';
import { createPost, signInSeller, uniqueTag } from './data';
import { expect, expectNoAxeViolations, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

const dashboardCard = (page: Page, name: string) => page.getByRole('article').filter({ hasText: name });
const feedCard = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Posts' }).getByRole('listitem').filter({ hasText: name });

test('reserved shows in the feed, sold leaves it with its link kept, relisted comes back', async ({
  page,
}) => {
  await signInSeller(page.request);
  const tag = uniqueTag();
  const post = await createPost(page.request, { name: `Mountain bike ${tag}` });

  await page.goto('/account');
  await dashboardCard(page, post.name).getByRole('button', { name: 'Mark reserved' }).tap();
  await expect(page.getByText(MSG.status.changed('Reserved'), { exact: true })).toBeVisible();
  await expect(dashboardCard(page, post.name).getByText('Reserved', { exact: true })).toBeVisible();
  await page.goto(`/home?search=${tag}`);
  await expect(feedCard(page, post.name).getByText('Reserved', { exact: true })).toBeVisible();

  await page.goto('/account');
  await dashboardCard(page, post.name).getByRole('button', { name: 'Mark sold' }).tap();
  await expect(page.getByText(MSG.status.changed('Sold'), { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(`/home?search=${tag}`);
  await expect(page.getByText(MSG.empty.posts)).toBeVisible();

  await page.goto(`/posts/${post.id}`);
  await expect(page.getByRole('heading', { level: 1, name: post.name })).toBeVisible();
  await expect(page.getByText('Sold', { exact: true })).toBeVisible();
  await expect(page.getByText(MSG.status.soldNote)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Contact the seller' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /WhatsApp/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto('/account');
  await dashboardCard(page, post.name).getByRole('button', { name: 'Relist' }).tap();
  await expect(page.getByText(MSG.status.changed('Available'), { exact: true })).toBeVisible();
  await page.goto(`/home?search=${tag}`);
  await expect(feedCard(page, post.name)).toBeVisible();
});
