// The post detail's image bytes on a phone (issue 16): a 360x740 phone at DPR 2 and at DPR 3 loads the
// medium variant for the detail's image and thumbs for its strip, and the full variant only once the
// gallery opens (decision 018). The photos are the image bench's (bench/photo.ts: ~5 MB 12 MP phone
// photos), shrunk as the web's uploader shrinks them. Each run records the bytes it took.
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { downscaledForUpload, phonePhoto } from '../bench/photo';
import type { ImageDto } from '../shared/api-types';
import { type CreatedPost, createPost, getPost, signInSeller, uniqueTag } from './data';
import { expect, signedInUser, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

// Made once per worker: a few seconds each on a loaded machine.
let photos: Promise<Buffer[]> | undefined;
const uploadPhotos = () => {
  photos ??= Promise.all([42, 7].map(async (seed) => downscaledForUpload(await phonePhoto({ seed }))));
  return photos;
};

async function postWithPhotos(request: APIRequestContext, name: string) {
  await signInSeller(request);
  const post = await createPost(request, { name });
  const form = new FormData();
  form.set('postId', String(post.id));
  form.set('type', post.type);
  for (const [i, photo] of (await uploadPhotos()).entries())
    form.append('images', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `photo-${i + 1}.jpg`);
  const res = await request.post('/api/files/upload', { multipart: form });
  expect(res.status(), await res.text()).toBe(201);
  return { post, images: (await getPost(request, post.id)).images };
}

const mediaPath = (request: Request) => {
  const { pathname } = new URL(request.url());
  return pathname.startsWith('/media/') ? pathname : null;
};

/** The /media files the page asks for (as it asks), and what each cost on the wire once it arrived. */
function watchMedia(page: Page) {
  const asked: string[] = [];
  const bytes = new Map<string, number>();
  page.on('request', (request) => {
    const path = mediaPath(request);
    if (path) asked.push(path);
  });
  page.on('requestfinished', async (request) => {
    const path = mediaPath(request);
    if (!path) return;
    const sizes = await request.sizes();
    bytes.set(path, (bytes.get(path) ?? 0) + sizes.responseHeadersSize + sizes.responseBodySize);
  });
  return {
    asked,
    arrived: (paths: string[]) => paths.every((path) => bytes.has(path)),
    bytesOf: (paths: string[]) => paths.reduce((sum, path) => sum + (bytes.get(path) ?? 0), 0),
  };
}

/** Waits until the detail's image has loaded, and answers the variant the browser picked. */
async function mainImageSource(page: Page, post: CreatedPost) {
  const main = page.getByRole('button', { name: `Open the photos of ${post.name} (2)` }).locator('img');
  await expect
    .poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  return new URL(await main.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
}

async function fullBytes(request: APIRequestContext, images: ImageDto[]) {
  let bytes = 0;
  for (const image of images) bytes += (await (await request.get(image.url)).body()).length;
  return bytes;
}

for (const dpr of [2, 3]) {
  test.describe(`360x740 phone at DPR ${dpr}`, () => {
    test.use({ deviceScaleFactor: dpr });

    test('the detail loads the medium image and thumbs, the full image only in the gallery', async ({
      page,
      request,
    }) => {
      const { post, images } = await postWithPhotos(request, `${uniqueTag()} phone photos`);
      const [first, second] = images as [ImageDto, ImageDto];
      expect(first.mediumUrl).toMatch(/-medium\.webp$/);
      const media = watchMedia(page);
      await page.goto(`/posts/${post.id}`);
      await expect(page.getByRole('heading', { level: 1, name: post.name })).toBeVisible();

      // 328 px slot x DPR 2 = 656 or x DPR 3 = 984 device pixels: the 1024 px medium covers both.
      expect(await mainImageSource(page, post)).toBe(first.mediumUrl);
      const medium = first.mediumUrl ?? '';
      const strip = [first.thumbUrl, second.thumbUrl];
      await expect.poll(() => media.arrived([medium, ...strip])).toBe(true);
      expect([...media.asked].sort()).toEqual([medium, ...strip].sort());

      const detailBytes = media.bytesOf([medium, ...strip]);
      const fullBefore = await fullBytes(request, [first]);
      test.info().annotations.push({
        type: `detail images, DPR ${dpr}`,
        description:
          `${detailBytes} bytes: medium ${media.bytesOf([medium])} + 2 thumbs ${media.bytesOf(strip)}` +
          ` (before: the full image, ${fullBefore} bytes, + the same thumbs)`,
      });
      expect(media.bytesOf([medium])).toBeLessThan(fullBefore * 0.6);

      // The gallery is where the full images are asked for, each when it is shown.
      await page.getByRole('button', { name: `Open the photos of ${post.name} (2)` }).tap();
      const gallery = page.getByRole('dialog', { name: `${post.name}: photos` });
      await expect(gallery.getByRole('img')).toHaveAttribute('src', first.url);
      await expect.poll(() => media.asked).toContain(first.url);
      expect(media.asked).not.toContain(second.url);
      await gallery.getByRole('button', { name: 'Next image' }).tap();
      await expect.poll(() => media.asked).toContain(second.url);
      await expect.poll(() => media.arrived([first.url, second.url])).toBe(true);
      test.info().annotations.push({
        type: `gallery, DPR ${dpr}`,
        description: `${media.bytesOf([first.url, second.url])} bytes for the 2 full images`,
      });
    });
  });
}

test.describe('360x740 phone at DPR 2, from /home', () => {
  test.use({ deviceScaleFactor: 2 });

  test("a post opened in place shows the card's cover (while the post loads) at the medium size, never the full", async ({
    page,
    request,
  }) => {
    const tag = uniqueTag();
    const { post, images } = await postWithPhotos(request, `${tag} phone photos`);
    const [first] = images as [ImageDto];
    await signedInUser(page);
    const media = watchMedia(page);
    await page.goto(`/home?search=${tag}`);
    await page.getByRole('link', { name: post.name }).tap();
    await expect(page.getByRole('heading', { level: 1, name: post.name })).toBeVisible();
    expect(await mainImageSource(page, post)).toBe(first.mediumUrl);
    for (const image of images) expect(media.asked).not.toContain(image.url);
  });
});
