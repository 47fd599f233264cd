// Search that finds what people mean (issue 17, decision 027), on a phone: one or two letters say how
// many to type instead of searching, a misspelt word is corrected and says so, the best match comes first.
import type { Page } from '@playwright/test';
import { MSG } from '../shared/messages';
import { createPosts, signInSeller, uniqueTag } from './data';
import { expect, expectNoAxeViolations, signedInUser, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

const cardNames = (page: Page) =>
  page.getByRole('list', { name: 'Posts' }).getByRole('heading', { level: 2 });

test('a buyer misspells a word and still finds the posts, best match first', async ({ page, request }) => {
  const tag = uniqueTag();
  await signInSeller(request, 'Farai Gumbo');
  await createPosts(request, [
    { name: `Petrol generator 5kVA ${tag}`, category: 'Tools and Hardware' },
    { name: `Solar lamps ${tag}`, details: 'Bright enough to read by; no generator needed.' },
  ]);
  await signedInUser(page, 'Nyasha Dube');
  const searches: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/posts' && url.searchParams.has('search'))
      searches.push(url.searchParams.get('search') ?? '');
  });
  const box = page.getByRole('searchbox', { name: 'Search posts' });

  // Two letters: the box says how many to type, and nothing is searched.
  await box.fill('tv');
  await expect(page.getByText(MSG.feed.searchTooShort)).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/home$/);
  expect(searches).toEqual([]);

  // A typo and the tag: corrected, said so, and the post with both words first.
  await box.fill(`generatr ${tag}`);
  await box.press('Enter');
  await expect(page.getByText(MSG.feed.correctedSearch(`generator ${tag}`))).toBeVisible();
  await expect(page.getByText(MSG.feed.searchTooShort)).toBeHidden();
  await expect(cardNames(page).first()).toHaveText(`Petrol generator 5kVA ${tag}`);
  // The word in a name comes before the same word only in the details.
  await expect(cardNames(page).nth(1)).toHaveText(`Solar lamps ${tag}`);
  await page.getByRole('button', { name: /^Filters/ }).tap();
  await expect(page.getByLabel('Sort')).toHaveValue('');
  await expect(page.getByLabel('Sort').locator('option:checked')).toHaveText('Best match');
  await page.screenshot({ path: test.info().outputPath('corrected-search-360.png') });
  await expectNoAxeViolations(page);

  // The newest order stays available: every word must match, newest first.
  await page.getByLabel('Sort').selectOption('newest');
  await expect(page).toHaveURL(/sort=newest/);
  await expect(cardNames(page)).toHaveText([`Solar lamps ${tag}`, `Petrol generator 5kVA ${tag}`]);
});
