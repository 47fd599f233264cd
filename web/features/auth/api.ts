// Calls of the accounts feature (spec §7): signup, login, verify-auth, logout.

import type { PublicUser } from '../../../shared/api-types';
import type { Answer } from '../../../shared/contract';
import type { LoginInput, SignupInput } from '../../../shared/validation';
import { call } from '../../lib/client';

export const signup = (input: SignupInput) => call('signup', { body: input });
export const login = (input: LoginInput) => call('login', { body: input });
export const verifyAuth = () => call('verifyAuth');
export const logoutOnServer = () => call('logout');

// Issue 31: a forgotten password and a confirmed address.
export const requestPasswordReset = (email: string) => call('requestPasswordReset', { body: { email } });
export const confirmPasswordReset = (token: string, newPassword: string) =>
  call('confirmPasswordReset', { body: { token, newPassword } });
export const confirmEmail = (token: string) => call('confirmEmail', { body: { token } });
export const resendVerification = () => call('resendVerification');

/** The signed-in user a login answer names, with the role that decides what the app shows. */
export const userAfterLogin = (res: Answer<'login'>): PublicUser => ({
  id: res.user_id,
  name: res.user_name,
  email: res.email,
  phoneNumber: res.phoneNumber,
  role: res.role,
  emailVerified: res.emailVerified,
});
