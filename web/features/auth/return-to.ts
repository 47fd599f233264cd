// Signing in from somewhere and coming back to it (web/lib/return-path.ts has the rule on what may be
// returned to).
import { useLocation, useSearchParams } from 'react-router';
import { RETURN_PARAM, safeReturnPath, withReturnPath } from '../../lib/return-path';

/** The sign-in link that comes back to this screen (a post, its comments) afterwards. */
export function useSignInHref(): string {
  const { pathname, search, hash } = useLocation();
  return withReturnPath('/login', `${pathname}${search}${hash}`);
}

/** On the sign-in and sign-up screens: where the visitor came from, if it may be returned to. */
export function useReturnPath(): string | null {
  const [params] = useSearchParams();
  return safeReturnPath(params.get(RETURN_PARAM));
}
