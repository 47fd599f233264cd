// Calls of the accounts feature (spec §7): signup, login, verify-auth, logout.
import type { PublicUser } from '../../../shared/api-types';
import type { LoginInput, SignupInput } from '../../../shared/validation';
import { api } from '../../lib/http';

export interface LoginResponse {
  message: string;
  user_id: number;
  user_name: string;
  email: string;
  phoneNumber: string;
}

export const signup = (input: SignupInput) =>
  api<{ message: string }>('/api/signup', { method: 'POST', body: { ...input } });
export const login = (input: LoginInput) =>
  api<LoginResponse>('/api/login', { method: 'POST', body: { ...input } });
export const verifyAuth = () =>
  api<{ isAuthenticated: boolean; user: PublicUser | null }>('/api/verify-auth');
export const logoutOnServer = () => api<{ message: string }>('/api/logout', { method: 'POST' });
