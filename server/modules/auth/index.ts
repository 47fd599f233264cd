// Accounts and sessions: sign-up and sign-in (routes), the users table (accounts.ts), password hashes,
// sessions and their sweep, and the failed-password lockout.
export {
  anonymizeAccount,
  consumePasswordVerification,
  findUserById,
  type PublicUser,
  toPublicUser,
  type UserRow,
  updateProfile,
  updateUser,
} from './accounts';
export { LoginLockout } from './lockout';
export { isAccountPassword } from './password-check';
export { hashPassword, verifyPassword } from './passwords';
export { notifyEmailChanged, notifyPasswordChanged } from './recovery';
export { authRoutes } from './routes';
export { clearSessionCookie, setSessionCookie } from './session-cookie';
export {
  deleteOtherSessions,
  deleteSessionsOf,
  findSession,
  hashToken,
  markPasswordVerified,
  SESSION_CACHE_MAX_ENTRIES,
  type SessionInfo,
} from './session-store';
export { sweepExpiredSessions } from './session-sweep';
