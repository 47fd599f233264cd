// The server finds a page's screen with shared/screens.ts screenAt (to preload its code); the browser
// with React Router over the routes built from the same table (router.tsx). Both must agree.
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SCREENS, type ScreenAccess, screenAt } from '../../shared/screens';

const routes = (access: ScreenAccess): RouteObject[] =>
  SCREENS.filter((entry) => entry.access === access).map(({ path }) => ({ path }));
// As AppRoutes nests them: a pathless layout, and a pathless guard around members' and moderators'.
const table: RouteObject[] = [
  {
    children: [...routes('anyone'), { children: routes('member') }, { children: routes('moderator') }],
  },
];

const PATHS = [
  '/',
  '/login',
  '/LOGIN/',
  '//login',
  '/%6Cogin',
  '/%68ome',
  '/home/',
  '/posts/12',
  '/posts/12/',
  '/posts/',
  '/posts/12/comments',
  '/users/%20',
  '/service/Sell',
  '/%73ervice/Sell',
  '/product-preview',
  '/product-preview/1',
  '/moderation',
  // Issue 33: notifications, their email settings (two segments) and saved searches.
  '/notifications',
  '/notifications/',
  '/settings/notifications',
  '/SETTINGS/Notifications/',
  '/settings',
  '/settings/notifications/1',
  '/saved-searches',
  '/a/b/c',
  '/%E0%A4%A',
];

describe('screenAt and React Router', () => {
  it.each(PATHS)('agree on %s', (path) => {
    const matched = matchRoutes(table, path)?.at(-1)?.route.path;
    expect(screenAt(path).path).toBe(matched);
  });
});
