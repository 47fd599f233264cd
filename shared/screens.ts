// The web app's screens by path (spec §2), in one place for the router (web/app/router.tsx, each
// screen is web/routes/<screen>.tsx) and for the server, which sends a page with its screen's code
// preloaded (server/plugins/web.ts, decision 035). A ':name' part is one path segment; '*' is any
// other path.

/** Who may see a screen: members' screens send visitors to /login, moderators' tell members no. */
export type ScreenAccess = 'anyone' | 'member' | 'moderator';

export const SCREENS = [
  { path: '/', screen: 'sign-up', access: 'anyone' },
  { path: '/signup', screen: 'sign-up', access: 'anyone' },
  { path: '/login', screen: 'sign-in', access: 'anyone' },
  { path: '/about', screen: 'about', access: 'anyone' },
  { path: '/infinite', screen: 'infinite', access: 'anyone' },
  // Shareable post links open for visitors too, like the rolling feed.
  { path: '/posts/:postId', screen: 'post', access: 'anyone' },
  { path: '/users/:userId', screen: 'seller', access: 'anyone' },
  { path: '/home', screen: 'home', access: 'member' },
  { path: '/create', screen: 'create', access: 'member' },
  { path: '/product/:type', screen: 'listing-form', access: 'member' },
  { path: '/service/:type', screen: 'listing-form', access: 'member' },
  { path: '/product-preview', screen: 'preview', access: 'member' },
  { path: '/account', screen: 'account', access: 'member' },
  { path: '/profile', screen: 'profile', access: 'member' },
  { path: '/pass', screen: 'password', access: 'member' },
  { path: '/saved', screen: 'saved', access: 'member' },
  { path: '/moderation', screen: 'moderation', access: 'moderator' },
  { path: '*', screen: 'not-found', access: 'anyone' },
] as const satisfies readonly { path: string; screen: string; access: ScreenAccess }[];

export type Screen = (typeof SCREENS)[number];
const NOT_FOUND: Screen = { path: '*', screen: 'not-found', access: 'anyone' };

/** As React Router matches: letter case aside, a trailing slash aside. */
function matches(pattern: string, pathname: string): boolean {
  if (pattern === '*') return true;
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.toLowerCase().split('/').filter(Boolean);
  return want.length === have.length && want.every((part, i) => part.startsWith(':') || part === have[i]);
}

/** The screen a path shows ('/posts/12' -> post), the not-found screen for any other. */
export function screenAt(pathname: string): Screen {
  return SCREENS.find((entry) => matches(entry.path, pathname)) ?? NOT_FOUND;
}
