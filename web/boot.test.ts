// The boot script (decision 037): as soon as it runs it asks for the API answers the page preloads,
// and starts the download of a feed's first cover when its first page is in, unless Data saver is on.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDataSaver } from './lib/data-saver';
import { takeEarlyAnswer } from './lib/early-answers';
import { type ImageRequest, recordImageRequests } from './test/image-requests';

let requested: ImageRequest[];

beforeEach(() => {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('marketplace.early-answers')];
  requested = recordImageRequests();
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.head.innerHTML = '';
});

/** The page's shell with these preloads, and the server's answers by URL. */
async function boot(urls: string[], answers: Record<string, unknown>) {
  document.head.innerHTML = urls
    .map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin="use-credentials">`)
    .join('');
  const fetchMock = vi.fn(async (url: string) => new Response(JSON.stringify(answers[url] ?? {})));
  vi.stubGlobal('fetch', fetchMock);
  await import('./boot');
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(urls.length));
  await Promise.all(urls.map((url) => takeEarlyAnswer(url)));
  // The cover is asked for after the answer's body has been read.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return fetchMock;
}

const payload = {
  posts: [
    { cover: { id: 1, thumbUrl: '/media/1-thumb.webp' } },
    { cover: { id: 2, thumbUrl: '/media/2-thumb.webp' } },
  ],
  productCursor: null,
  serviceCursor: null,
};

describe('the boot script', () => {
  it("asks for every API answer the page preloads, and fetches the feed's first cover at high priority", async () => {
    const fetchMock = await boot(['/api/verify-auth', '/api/first-payload'], {
      '/api/verify-auth': { isAuthenticated: false },
      '/api/first-payload': payload,
    });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/verify-auth', '/api/first-payload']);
    expect(requested).toEqual([{ src: '/media/1-thumb.webp', fetchPriority: 'high' }]);
  });

  it('fetches no cover with Data saver on', async () => {
    setDataSaver(true);
    await boot(['/api/first-payload'], { '/api/first-payload': payload });
    expect(requested).toEqual([]);
  });

  it('asks for nothing when the page preloads nothing (a screen without a feed is the same)', async () => {
    const fetchMock = await boot([], {});
    expect(fetchMock).not.toHaveBeenCalled();
    expect(requested).toEqual([]);
  });
});
