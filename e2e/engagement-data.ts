// Data for the engagement journeys: a published post made through the API as the signed-in user of
// `page` (create-post, then publish-post), so a journey starts on the detail view at once.
import { expect, type Page } from '@playwright/test';

let counter = 0;

export async function publishedPost(page: Page, name?: string): Promise<{ id: number; name: string }> {
  counter += 1;
  const title = name ?? `Solar panel 300W ${Date.now().toString(36)}-${process.pid}-${counter}`;
  const created = await page.request.post('/api/create-post', {
    data: {
      type: 'product',
      sell_or_buy: 'Sell',
      name: title,
      category: 'Electronics',
      price: '120',
      paymentMethods: 'Cash, EcoCash',
      details: 'Barely used, with mounting brackets.',
      city: 'Harare',
      location: 'Avondale',
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const { postId } = (await created.json()) as { postId: number };
  const published = await page.request.put('/api/publish-post', {
    data: { id: postId, type: 'product', isPublished: true },
  });
  expect(published.status(), await published.text()).toBe(200);
  return { id: postId, name: title };
}
