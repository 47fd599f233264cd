import { describe, expect, it } from 'vitest';
import type { PostDetail } from '../../shared/api-types';
import { detail } from '../test/post-data';
import {
  isAppPage,
  isBuiltAsset,
  mayKeepData,
  mayKeepMedia,
  mediaRule,
  mustClearSaved,
  needsBody,
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

describe('mayKeepData: nothing private is stored', () => {
  const publicDetail = detail({ id: 42 });
  const withItem = (changes: Record<string, unknown>, extra: Partial<PostDetail> = {}): PostDetail => ({
    ...publicDetail,
    ...extra,
    Product: publicDetail.Product && { ...publicDetail.Product, ...changes },
  });

  it('keeps a listed post’s detail and any feed page', () => {
    expect(mayKeepData('/api/posts/42', 200, null, publicDetail)).toBe(true);
    expect(mayKeepData('/api/posts?cursor=a', 200, null, { posts: [] })).toBe(true);
    expect(mayKeepData('/api/first-payload', 200, null, { posts: [] })).toBe(true);
  });

  it('refuses a detail only its owner or a moderator can get', () => {
    expect(mayKeepData('/api/posts/42', 200, null, withItem({ isPublished: false }))).toBe(false);
    expect(mayKeepData('/api/posts/42', 200, null, withItem({ moderation: 'hidden' }))).toBe(false);
    expect(mayKeepData('/api/posts/42', 200, null, withItem({ status: 'sold' }))).toBe(false);
    expect(mayKeepData('/api/posts/42', 200, null, withItem({}, { expired: true }))).toBe(false);
    expect(mayKeepData('/api/posts/42', 200, null, { message: 'Not found.' })).toBe(false);
    expect(mayKeepData('/api/posts/42', 200, null, null)).toBe(false);
  });

  it('refuses errors and answers marked private or no-store', () => {
    expect(mayKeepData('/api/posts/42', 404, null, publicDetail)).toBe(false);
    expect(mayKeepData('/api/posts', 503, null, {})).toBe(false);
    expect(mayKeepData('/api/posts', 200, 'private, no-cache', {})).toBe(false);
    expect(mayKeepData('/api/posts', 200, 'no-store', {})).toBe(false);
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
