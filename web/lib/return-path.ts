// Where to go back to after signing in (issue 16: a visitor from a WhatsApp link who taps 'Sign in to
// like posts' comes back to the post). The place travels in the login URL's `next` parameter, which
// anyone can write, so it is only followed when it is a path on this site: never another origin
// ('https://…', '//evil.example', '/\evil.example', a tab or newline that browsers strip), never
// the sign-in and sign-up screens themselves.

export const RETURN_PARAM = 'next';

const MAX_LENGTH = 2000;
const BASE = 'http://return.invalid';
const NOT_BACK_TO = new Set(['/login', '/signup']);

/** `value` as a same-site path ('/posts/7', '/home?post=7#comments'), or null when it is not one. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_LENGTH) return null;
  // One leading slash, and nothing a browser would read as a host or strip (backslashes, controls).
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || NOT_BACK_TO.has(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in (or sign-up) screen's address that returns to `path` afterwards: '/login?next=%2Fposts%2F7'. */
export function withReturnPath(screen: '/login' | '/signup', path: string | null): string {
  const safe = safeReturnPath(path);
  return safe ? `${screen}?${RETURN_PARAM}=${encodeURIComponent(safe)}` : screen;
}
