// A feed's first cover starts downloading when the list's first page arrives, before the cards are
// drawn (decision 036), and never with Data saver on (decision 026).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_FILTER } from '../../shared/feed-filter';
import { fetchPosts } from '../features/feed/api';
import { fetchFirstPayload } from '../features/feed/rolling-api';
import { type ImageRequest, recordImageRequests } from '../test/image-requests';
import { setDataSaver } from './data-saver';

const cover = (n: number) => ({
  id: n,
  thumbUrl: `/media/${n}-thumb.webp`,
  mediumUrl: `/media/${n}-medium.webp`,
  fullUrl: `/media/${n}-full.webp`,
  width: 1200,
  height: 900,
});

let requested: ImageRequest[];

beforeEach(() => {
  requested = recordImageRequests();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** fetch answering every call with `body`. */
function answer(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => ({
      ok: true,
      status: 200,
      headers: new Headers(),
      text: async () => JSON.stringify(body),
    })),
  );
}

describe("a feed's first cover", () => {
  it("is fetched, at high priority, as soon as /infinite's first payload arrives", async () => {
    answer({ posts: [{ cover: cover(1) }, { cover: cover(2) }], productCursor: null, serviceCursor: null });
    await fetchFirstPayload();
    expect(requested).toEqual([{ src: '/media/1-thumb.webp', fetchPriority: 'high' }]);
  });

  it("is fetched with /home's first page, not with the pages after it", async () => {
    answer({ posts: [{ cover: cover(3) }], nextCursor: 'c1' });
    await fetchPosts(NO_FILTER, null);
    await fetchPosts(NO_FILTER, 'c1');
    expect(requested.map((r) => r.src)).toEqual(['/media/3-thumb.webp']);
  });

  it('is not fetched with Data saver on, nor for a post without photos, nor for an empty list', async () => {
    setDataSaver(true);
    answer({ posts: [{ cover: cover(4) }], productCursor: null, serviceCursor: null });
    await fetchFirstPayload();
    setDataSaver(false);
    answer({ posts: [{ cover: null }], productCursor: null, serviceCursor: null });
    await fetchFirstPayload();
    answer({ posts: [], nextCursor: null });
    await fetchPosts(NO_FILTER, null);
    expect(requested).toEqual([]);
  });
});
