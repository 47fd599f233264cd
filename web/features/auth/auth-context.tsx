// Authentication state as spec §4 describes it: the stored user is applied at once, then the server
// verifies the session; a denial signs out locally, a failed check is only logged.
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { PublicUser } from '../../../shared/api-types';
import { ApiError, SESSION_EXPIRED_EVENT } from '../../lib/http';
import { clearSavedData } from '../../lib/service-worker';
import { mustClearSaved } from '../../sw/cache-rules';
import { logoutOnServer, verifyAuth } from './api';
import { clearStoredAuth, readStoredAuth, storeChecked, storeSignedIn } from './auth-store';

interface AuthState {
  /** The signed-in user; null for a visitor (isAuthenticated is then false). */
  user: PublicUser | null;
  isAuthenticated: boolean;
  isAuthChecked: boolean;
  signIn(user: PublicUser): void;
  /** Replaces the stored user (after a profile update). */
  updateUser(user: PublicUser): void;
  /** Ends the session on the server, then here; rejects (still signed in) when the server is unreachable. */
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [stored] = useState(readStoredAuth);
  const [user, setUser] = useState<PublicUser | null>(stored.user);
  const [isAuthenticated, setAuthenticated] = useState(stored.isAuthenticated);
  const [isAuthChecked, setChecked] = useState(false);

  // What was saved for offline reading belongs to one reader (decision 025): emptied when the
  // signed-in user changes or signs out.
  const savedFor = useRef(stored.user?.id ?? null);
  const savedBelongTo = useCallback((userId: number | null) => {
    if (mustClearSaved(savedFor.current, userId)) void clearSavedData();
    savedFor.current = userId;
  }, []);

  const signIn = useCallback(
    (next: PublicUser) => {
      savedBelongTo(next.id);
      storeSignedIn(next);
      setUser(next);
      setAuthenticated(true);
    },
    [savedBelongTo],
  );

  const logoutLocally = useCallback(() => {
    savedBelongTo(null);
    clearStoredAuth();
    setUser(null);
    setAuthenticated(false);
    queryClient.clear();
  }, [queryClient, savedBelongTo]);

  // The session cookie is HttpOnly: only the server can end it. If it cannot be reached, stay signed
  // in and say so, rather than leave a live session behind on a shared phone. A 401 means it is over.
  const logout = useCallback(async () => {
    try {
      await logoutOnServer();
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) throw error;
    }
    logoutLocally();
  }, [logoutLocally]);

  useEffect(() => {
    let cancelled = false;
    verifyAuth()
      .then((result) => {
        if (cancelled) return;
        if (result.isAuthenticated && result.user) signIn(result.user);
        else if (stored.isAuthenticated) logoutLocally();
      })
      .catch((error: unknown) => console.warn('Auth check failed', error))
      .finally(() => {
        if (cancelled) return;
        storeChecked();
        setChecked(true);
      });
    return () => {
      cancelled = true;
    };
  }, [signIn, logoutLocally, stored.isAuthenticated]);

  // Any API call answered 401 means the server session is gone.
  useEffect(() => {
    window.addEventListener(SESSION_EXPIRED_EVENT, logoutLocally);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, logoutLocally);
  }, [logoutLocally]);

  const value = useMemo<AuthState>(
    () => ({ user, isAuthenticated, isAuthChecked, signIn, updateUser: signIn, logout }),
    [user, isAuthenticated, isAuthChecked, signIn, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * Nothing known yet: the state before the page's scripts have run, in which app/first-frame.tsx draws
 * the page's first frame at build time (the same state AuthProvider starts in for a new visitor).
 */
const NOT_YET_KNOWN: AuthState = {
  user: null,
  isAuthenticated: false,
  isAuthChecked: false,
  signIn: () => undefined,
  updateUser: () => undefined,
  logout: () => Promise.resolve(),
};

export function AuthNotYetKnown({ children }: { children: ReactNode }) {
  return <AuthContext.Provider value={NOT_YET_KNOWN}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside AuthProvider');
  return state;
}

/**
 * The signed-in user, for the screens behind RequireAuth (app/guard.tsx), which renders them only
 * while someone is signed in.
 */
export function useSignedInUser(): PublicUser {
  const { user } = useAuth();
  if (!user) throw new Error('useSignedInUser is for login-required screens');
  return user;
}
