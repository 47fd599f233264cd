import { describe, expect, it } from 'vitest';
import { PRIVATE_ANSWER, PUBLIC_ANSWER } from '../../shared/answer-privacy';
import type { PostDetail } from '../../shared/api-types';
import { detail } from '../test/post-data';
import {
  detailThumbs,
  isAppPage,
  isBuiltAsset,
  isKeepVisitMessage,
  isStaleCopy,
  mayKeepData,
  mayKeepMedia,
  mediaCopyFate,
  mediaRule,
  mustClearSaved,
  needsBody,
  SAVED_MAX_AGE_MS,
  savedCopyFate,
  savedDataKey,
} from './cache-rules';

describe('savedDataKey: which API reads are saved, under which key', () => {
  it('keeps the landing feed, the /home pages and post details', () => {
    expect(savedDataKey('GET', '/api/first-payload', '')).toBe('/api/first-payload');
    expect(savedDataKey('GET', '/api/posts', '')).toBe('/api/posts');
    expect(savedDataKey('GET', '/api/posts/42', '')).toBe('/api/posts/42');
  });

  it('keys a list by its query, in one order whatever order the app wrote it in', () => {
    expect(savedDataKey('GET', '/api/posts', '?type=product&cursor=abc')).toBe(
      '/api/posts?cursor=abc&type=product',
    );
    expect(savedDataKey('GET', '/api/posts', '?cursor=abc&type=product')).toBe(
      '/api/posts?cursor=abc&type=product',
    );
  });

  it('keys a rolling-feed POST by its form body (the cursor)', () => {
    expect(needsBody('POST', '/api/rolling-feed-products')).toBe(true);
    expect(savedDataKey('POST', '/api/rolling-feed-products', '', 'incomingProductCursor=Y3Vy')).toBe(
      '/api/rolling-feed-products?incomingProductCursor=Y3Vy',
    );
    expect(savedDataKey('POST', '/api/rolling-feed-services', '', 'incomingServiceCursor=b')).toBe(
      '/api/rolling-feed-services?incomingServiceCursor=b',
    );
    // Without the body there is no key.
    expect(savedDataKey('POST', '/api/rolling-feed-products', '')).toBeNull();
  });

  it('never saves writes, the session, engagement or anyone’s own lists', () => {
    for (const [method, path] of [
      ['POST', '/api/posts'],
      ['DELETE', '/api/posts/42'],
      ['PUT', '/api/posts/42/status'],
      ['GET', '/api/verify-auth'],
      ['GET', '/api/my-posts'],
      ['GET', '/api/favourites'],
      ['GET', '/api/comments/post/42'],
      ['GET', '/api/likes/status/42'],
      ['GET', '/api/likes/engagement?postIds=1,2'],
      ['GET', '/api/favourites/status?postIds=1'],
      ['GET', '/api/moderation/queue'],
      ['GET', '/api/users/3/profile'],
      ['POST', '/api/login'],
    ] as const) {
      expect(savedDataKey(method, path, ''), `${method} ${path}`).toBeNull();
      expect(needsBody(method, path)).toBe(false);
    }
  });
});

describe('mayKeepData: only what the server marks public is stored', () => {
  const publicDetail = detail({ id: 42 });
  const withItem = (changes: Record<string, unknown>, extra: Partial<PostDetail> = {}): PostDetail => ({
    ...publicDetail,
    ...extra,
    Product: publicDetail.Product && { ...publicDetail.Product, ...changes },
  });

  it('keeps a listed post’s detail and any feed page marked public', () => {
    expect(mayKeepData('/api/posts/42', 200, PUBLIC_ANSWER, publicDetail)).toBe(true);
    expect(mayKeepData('/api/posts?cursor=a', 200, PUBLIC_ANSWER, { posts: [] })).toBe(true);
    expect(mayKeepData('/api/first-payload', 200, PUBLIC_ANSWER, { posts: [] })).toBe(true);
  });

  it('refuses an answer not marked public: a moderator’s view of a suspended seller’s post looks listed', () => {
    // The body alone cannot tell: the server's marker decides (decision 044).
    expect(mayKeepData('/api/posts/42', 200, PRIVATE_ANSWER, publicDetail)).toBe(false);
    expect(mayKeepData('/api/posts/42', 200, null, publicDetail)).toBe(false);
    expect(mayKeepData('/api/posts', 200, null, { posts: [] })).toBe(false);
    expect(mayKeepData('/api/posts', 200, 'no-cache', { posts: [] })).toBe(false);
    expect(mayKeepData('/api/posts', 200, 'public, no-store', { posts: [] })).toBe(false);
    expect(mayKeepData('/api/posts', 200, 'private, public', { posts: [] })).toBe(false);
  });

  it('refuses a detail that is not listed, even marked public (sold, expired) or only its owner’s', () => {
    const keep = (body: unknown) => mayKeepData('/api/posts/42', 200, PUBLIC_ANSWER, body);
    expect(keep(withItem({ isPublished: false }))).toBe(false);
    expect(keep(withItem({ moderation: 'hidden' }))).toBe(false);
    expect(keep(withItem({ status: 'sold' }))).toBe(false);
    expect(keep(withItem({}, { expired: true }))).toBe(false);
    expect(keep({ message: 'Not found.' })).toBe(false);
    expect(keep(null)).toBe(false);
  });

  it('refuses errors', () => {
    expect(mayKeepData('/api/posts/42', 404, PUBLIC_ANSWER, publicDetail)).toBe(false);
    expect(mayKeepData('/api/posts', 503, PUBLIC_ANSWER, {})).toBe(false);
  });
});

describe('savedCopyFate: the saved copy follows the online answer', () => {
  const listed = detail({ id: 42 });
  const sold = { ...listed, Product: listed.Product && { ...listed.Product, status: 'sold' as const } };

  it('keeps (or replaces) a public 200 of a listed post', () => {
    expect(savedCopyFate('/api/posts/42', 200, PUBLIC_ANSWER, listed)).toBe('keep');
    expect(savedCopyFate('/api/posts?type=service', 200, PUBLIC_ANSWER, { posts: [] })).toBe('keep');
  });

  it('drops it when the post is gone, hidden, sold, expired or no longer public', () => {
    expect(savedCopyFate('/api/posts/42', 404, PRIVATE_ANSWER, { message: 'Post data not found' })).toBe(
      'drop',
    );
    expect(savedCopyFate('/api/posts/42', 410, null, undefined)).toBe('drop');
    expect(savedCopyFate('/api/posts/42', 200, PUBLIC_ANSWER, sold)).toBe('drop');
    expect(savedCopyFate('/api/posts/42', 200, PUBLIC_ANSWER, { ...listed, expired: true })).toBe('drop');
    // A moderator (or the owner) now signed in on this phone: their view replaces nothing.
    expect(savedCopyFate('/api/posts/42', 200, PRIVATE_ANSWER, listed)).toBe('drop');
  });

  it('leaves it while the server is in trouble or busy (offline use still has it)', () => {
    for (const status of [500, 502, 503, 504, 408, 429])
      expect(savedCopyFate('/api/posts/42', status, PRIVATE_ANSWER, undefined), String(status)).toBe('leave');
  });

  it('does the same for a thumbnail', () => {
    expect(mediaCopyFate(200, 'public, max-age=3600, s-maxage=300')).toBe('keep');
    expect(mediaCopyFate(404, 'no-store')).toBe('drop');
    expect(mediaCopyFate(200, 'private, no-cache')).toBe('drop');
    expect(mediaCopyFate(503, null)).toBe('leave');
  });

  it('names the thumbnails a saved detail holds, to delete them with it', () => {
    const withImages = {
      images: [{ thumbUrl: '/media/posts/42/a-thumb.webp' }, { thumbUrl: '/media/posts/42/b-thumb.webp' }],
    };
    expect(detailThumbs(withImages)).toEqual([
      '/media/posts/42/a-thumb.webp',
      '/media/posts/42/b-thumb.webp',
    ]);
    expect(detailThumbs({ message: 'x' })).toEqual([]);
    expect(detailThumbs(null)).toEqual([]);
    expect(detailThumbs({ images: [null, { thumbUrl: 3 }] })).toEqual([]);
  });
});

describe('isStaleCopy: saved copies last 7 days', () => {
  const now = Date.UTC(2026, 10, 28, 9, 0);
  it('serves a copy up to 7 days old, never an older or undated one', () => {
    expect(isStaleCopy(String(now - 60_000), now)).toBe(false);
    expect(isStaleCopy(String(now - SAVED_MAX_AGE_MS), now)).toBe(false);
    expect(isStaleCopy(String(now - SAVED_MAX_AGE_MS - 1), now)).toBe(true);
    // Saved by the worker before this rule (no date), or a date that makes no sense.
    expect(isStaleCopy(null, now)).toBe(true);
    expect(isStaleCopy('yesterday', now)).toBe(true);
    expect(isStaleCopy(String(now + 3_600_000), now)).toBe(true);
  });
});

describe('isKeepVisitMessage: what the page asks the worker to keep from its first visit', () => {
  it('accepts the page’s message only', () => {
    expect(isKeepVisitMessage({ type: 'keep-visit', answers: [], files: [] })).toBe(true);
    expect(isKeepVisitMessage('skip-waiting')).toBe(false);
    expect(isKeepVisitMessage({ type: 'keep-visit', answers: 'x', files: [] })).toBe(false);
    expect(isKeepVisitMessage(null)).toBe(false);
  });
});

describe('images', () => {
  it('keeps thumbnails and answers larger variants with the thumbnail offline', () => {
    expect(mediaRule('/media/posts/7/ab12-thumb.webp')).toEqual({
      keep: true,
      thumb: '/media/posts/7/ab12-thumb.webp',
    });
    expect(mediaRule('/media/posts/7/ab12-medium.webp')).toEqual({
      keep: false,
      thumb: '/media/posts/7/ab12-thumb.webp',
    });
    expect(mediaRule('/media/posts/7/ab12-full.webp')?.keep).toBe(false);
    expect(mediaRule('/assets/index-abc.js')).toBeNull();
  });

  it('keeps only images served as public (a draft’s are private to its owner)', () => {
    expect(mayKeepMedia(200, 'public, max-age=3600, s-maxage=300')).toBe(true);
    expect(mayKeepMedia(200, 'private, no-cache')).toBe(false);
    expect(mayKeepMedia(200, null)).toBe(false);
    expect(mayKeepMedia(404, 'no-store')).toBe(false);
  });
});

describe('isBuiltAsset: hashed build files, kept as they load', () => {
  it('is /assets only', () => {
    expect(isBuiltAsset('/assets/home-B9kT5rc7.js')).toBe(true);
    expect(isBuiltAsset('/assets/index-c0YHn34W.css')).toBe(true);
    expect(isBuiltAsset('/sw.js')).toBe(false);
    expect(isBuiltAsset('/media/posts/1/a-thumb.webp')).toBe(false);
    expect(isBuiltAsset('/api/assets')).toBe(false);
  });
});

describe('isAppPage: navigations answered with the app shell', () => {
  it('is every screen path, not the API, media, health checks or files', () => {
    for (const page of ['/', '/home', '/infinite', '/posts/12', '/users/3', '/product/Electronics'])
      expect(isAppPage(page), page).toBe(true);
    for (const other of ['/api/docs', '/api', '/media/posts/1/a-thumb.webp', '/healthz', '/readyz', '/sw.js'])
      expect(isAppPage(other), other).toBe(false);
    expect(isAppPage('/manifest.webmanifest')).toBe(false);
  });
});

describe('mustClearSaved: the saved caches belong to one reader', () => {
  it('empties them on sign-out, sign-in and a change of user, not on the same user again', () => {
    expect(mustClearSaved(5, null)).toBe(true);
    expect(mustClearSaved(null, 5)).toBe(true);
    expect(mustClearSaved(5, 6)).toBe(true);
    expect(mustClearSaved(5, 5)).toBe(false);
    expect(mustClearSaved(null, null)).toBe(false);
  });
});
