// Calls of the accounts feature (spec §7): signup, login, verify-auth, logout.
import type { PublicUser } from '../../../shared/api-types';
import type { Role } from '../../../shared/roles';
import type { LoginInput, SignupInput } from '../../../shared/validation';
import { api } from '../../lib/http';

export interface LoginResponse {
  message: string;
  user_id: number;
  user_name: string;
  email: string;
  phoneNumber: string;
  /** Not in the login answer today (verify-auth has it): read when the server adds it. */
  role?: Role;
}

export const signup = (input: SignupInput) =>
  api<{ message: string }>('/api/signup', { method: 'POST', body: { ...input } });
export const login = (input: LoginInput) =>
  api<LoginResponse>('/api/login', { method: 'POST', body: { ...input } });
export const verifyAuth = () =>
  api<{ isAuthenticated: boolean; user: PublicUser | null }>('/api/verify-auth');
export const logoutOnServer = () => api<{ message: string }>('/api/logout', { method: 'POST' });

/**
 * The signed-in user a login answer names. Its role decides what the app shows (moderators get the
 * moderation screen); the login answer does not carry it, so it is read from verify-auth, the session
 * the login just set. If that check fails the user is a member here until the next one.
 */
export async function userAfterLogin(res: LoginResponse): Promise<PublicUser> {
  const user = { id: res.user_id, name: res.user_name, email: res.email, phoneNumber: res.phoneNumber };
  if (res.role) return { ...user, role: res.role };
  try {
    const verified = await verifyAuth();
    if (verified.user?.id === res.user_id) return { ...user, role: verified.user.role };
  } catch (error) {
    console.warn('Auth check failed', error);
  }
  return { ...user, role: 'member' };
}
