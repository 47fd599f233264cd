// Signing in from somewhere and coming back to it (web/lib/return-path.ts has the rule on what may be
// returned to), with the action the visitor asked for (issue 34): Save, Like or Message seller on a
// post sends them to sign in with `then=<action>` added to the return path, and the control that
// asked for it does it once they are back, signed in. The parameter is taken off the address (in
// place, no new history entry) before the action runs, so a reload does not do it again. Only a return
// from the sign-in screen in this tab does it (rememberAskedAction): a link with `then=like-7` sent to
// someone already signed in likes nothing.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { RETURN_PARAM, safeReturnPath, withReturnPath } from '../../lib/return-path';
import { useAuth } from './auth-context';

export const THEN_PARAM = 'then';

/** An action's name in the return path: what and on which post ('save-7'), so one card's never another's. */
export const pendingActionName = (action: 'save' | 'like' | 'message', postId: number) =>
  `${action}-${postId}`;

/** The sign-in link that comes back to this screen (a post, its comments) afterwards, then does `then`. */
export function useSignInHref(then?: string): string {
  const { pathname, search, hash } = useLocation();
  const params = new URLSearchParams(search);
  if (then) params.set(THEN_PARAM, then);
  else params.delete(THEN_PARAM);
  const query = params.toString();
  return withReturnPath('/login', `${pathname}${query ? `?${query}` : ''}${hash}`);
}

/** On the sign-in and sign-up screens: where the visitor came from, if it may be returned to. */
export function useReturnPath(): string | null {
  const [params] = useSearchParams();
  return safeReturnPath(params.get(RETURN_PARAM));
}

const ASKED_KEY = 'pendingAction';

/** On signing in: the action the return path asks for, to be done once back there (this tab only). */
export function rememberAskedAction(returnPath: string | null): void {
  const then = returnPath ? new URL(returnPath, 'http://return.invalid').searchParams.get(THEN_PARAM) : null;
  try {
    if (then) sessionStorage.setItem(ASKED_KEY, then);
    else sessionStorage.removeItem(ASKED_KEY);
  } catch {
    // No storage (private mode's quota): the visitor is back on the post, the action is not done.
  }
}

/** Whether signing in in this tab asked for `name`; forgets it either way once asked. */
function takeAskedAction(name: string): boolean {
  try {
    const asked = sessionStorage.getItem(ASKED_KEY);
    sessionStorage.removeItem(ASKED_KEY);
    return asked === name;
  } catch {
    return false;
  }
}

// The address (its history entry) whose action was taken: two controls for one action (the Message
// seller button shows twice on a phone) or React running an effect twice do it once.
let taken: string | null = null;

/**
 * Runs `run` once when this screen's address says `then=<name>`, the visitor is signed in and `ready`
 * (the control knows its state: already saved, already liked), after taking the parameter off; only
 * when the sign-in screen of this tab asked for it.
 */
export function usePendingAction(name: string, ready: boolean, run: () => void): void {
  const { isAuthenticated, user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const latest = useRef(run);
  latest.current = run;
  const asked = new URLSearchParams(location.search).get(THEN_PARAM) === name;
  const signedIn = isAuthenticated && user !== null;
  useEffect(() => {
    if (!asked) {
      taken = null; // done: the next request (with the same history key in a test's router) is new
      return;
    }
    if (!signedIn || !ready) return;
    const entry = `${location.key}:${name}`;
    if (taken === entry) return;
    taken = entry;
    const params = new URLSearchParams(location.search);
    params.delete(THEN_PARAM);
    const query = params.toString();
    navigate(
      { pathname: location.pathname, search: query ? `?${query}` : '', hash: location.hash },
      { replace: true, state: location.state },
    );
    if (takeAskedAction(name)) latest.current();
  }, [asked, signedIn, ready, name, location, navigate]);
}
