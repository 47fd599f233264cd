// The signed-in user kept in the browser under the spec's keys (§3): isAuthenticated, isAuthChecked,
// userData. Only non-secret profile fields live here; the session itself is an HttpOnly cookie.
import type { PublicUser } from '../../../shared/api-types';
import { DRAFT_IMAGES_DB, DRAFT_PREFIX } from '../../lib/draft-keys';

const KEYS = { authenticated: 'isAuthenticated', checked: 'isAuthChecked', user: 'userData' } as const;

export interface StoredAuth {
  isAuthenticated: boolean;
  /** The signed-in user; null when signed out. */
  user: PublicUser | null;
}

export function readStoredAuth(): StoredAuth {
  try {
    const user = JSON.parse(localStorage.getItem(KEYS.user) ?? 'null') as PublicUser | null;
    const isAuthenticated = localStorage.getItem(KEYS.authenticated) === 'true' && !!user?.id;
    return { isAuthenticated, user: isAuthenticated ? user : null };
  } catch {
    return { isAuthenticated: false, user: null };
  }
}

export function storeSignedIn(user: PublicUser) {
  // Another account signing in on this phone without the last one signing out (its session ended
  // offline): the last one's drafts go, as they would have at its sign-out.
  const previous = readStoredAuth().user;
  if (previous && previous.id !== user.id) clearDrafts();
  localStorage.setItem(KEYS.authenticated, 'true');
  localStorage.setItem(KEYS.user, JSON.stringify(user));
}

export function storeChecked() {
  localStorage.setItem(KEYS.checked, 'true');
}

export function clearStoredAuth() {
  localStorage.removeItem(KEYS.authenticated);
  localStorage.removeItem(KEYS.checked);
  localStorage.removeItem(KEYS.user);
  clearDrafts();
}

/** Drafts and a post queued offline leave a shared phone with the account (decision 026). */
function clearDrafts() {
  for (const key of Object.keys(localStorage)) if (key.startsWith(DRAFT_PREFIX)) localStorage.removeItem(key);
  globalThis.indexedDB?.deleteDatabase(DRAFT_IMAGES_DB);
}
