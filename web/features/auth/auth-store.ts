// The signed-in user kept in the browser under the spec's keys (§3): isAuthenticated, isAuthChecked,
// userData. Only non-secret profile fields live here; the session itself is an HttpOnly cookie.
import type { PublicUser } from '../../../shared/api-types';

export const EMPTY_USER: PublicUser = { id: 0, name: '', email: '', phoneNumber: '' };
const KEYS = { authenticated: 'isAuthenticated', checked: 'isAuthChecked', user: 'userData' } as const;

export interface StoredAuth {
  isAuthenticated: boolean;
  user: PublicUser;
}

export function readStoredAuth(): StoredAuth {
  try {
    const user = JSON.parse(localStorage.getItem(KEYS.user) ?? 'null') as PublicUser | null;
    const isAuthenticated = localStorage.getItem(KEYS.authenticated) === 'true' && !!user?.id;
    return { isAuthenticated, user: isAuthenticated && user ? user : EMPTY_USER };
  } catch {
    return { isAuthenticated: false, user: EMPTY_USER };
  }
}

export function storeSignedIn(user: PublicUser) {
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
}
