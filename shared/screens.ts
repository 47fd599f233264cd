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
  // Issue 31: a forgotten password and a confirmed address, from links in mails.
  { path: '/forgot-password', screen: 'forgot-password', access: 'anyone' },
  { path: '/reset-password', screen: 'reset-password', access: 'anyone' },
  { path: '/verify-email', screen: 'verify-email', access: 'anyone' },
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
  // Issue 32: conversations between buyer and seller.
  { path: '/messages', screen: 'messages', access: 'member' },
  { path: '/messages/:conversationId', screen: 'conversation', access: 'member' },
  // Issue 33: notifications, their email settings, saved searches.
  { path: '/notifications', screen: 'notifications', access: 'member' },
  { path: '/settings/notifications', screen: 'notification-settings', access: 'member' },
  { path: '/saved-searches', screen: 'saved-searches', access: 'member' },
  { path: '/moderation', screen: 'moderation', access: 'moderator' },
  { path: '*', screen: 'not-found', access: 'anyone' },
] as const satisfies readonly { path: string; screen: string; access: ScreenAccess }[];

export type Screen = (typeof SCREENS)[number];
const NOT_FOUND: Screen = { path: '*', screen: 'not-found', access: 'anyone' };

const PATTERNS = SCREENS.filter((entry) => entry.path !== '*').map((entry) => ({
  entry,
  want: entry.path.split('/').filter(Boolean),
}));

/** The longest path a screen has: deeper paths are not-found without more work. */
const MAX_SEGMENTS = 2;

/**
 * A path's segments as React Router compares them: decoded, letter case aside, one trailing slash
 * aside; null when no screen can match (an empty segment as in '//login', a bad escape, too deep).
 */
function segmentsOf(pathname: string): string[] | null {
  const trimmed = pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  // Split no further than a screen's depth: a path of thousands of parts costs no more than a short one.
  const parts = trimmed.split('/', MAX_SEGMENTS + 2).slice(1);
  if (parts.length > MAX_SEGMENTS) return null;
  try {
    const decoded = parts.map((part) => decodeURIComponent(part).toLowerCase());
    return decoded.includes('') ? null : decoded;
  } catch {
    return null;
  }
}

/** The screen a path shows ('/posts/12' -> post), the not-found screen for any other. */
export function screenAt(pathname: string): Screen {
  const have = pathname === '/' ? [] : segmentsOf(pathname);
  if (!have) return NOT_FOUND;
  const found = PATTERNS.find(
    ({ want }) =>
      want.length === have.length && want.every((part, i) => part.startsWith(':') || part === have[i]),
  );
  return found?.entry ?? NOT_FOUND;
}
