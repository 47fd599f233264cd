// The auth feature's public face: the session state every screen and feature reads, and its calls.

export {
  confirmEmail,
  confirmPasswordReset,
  login,
  requestPasswordReset,
  resendVerification,
  signup,
  userAfterLogin,
} from './api';
export { AuthNotYetKnown, AuthProvider, useAuth, useSignedInUser } from './auth-context';
export { VerifyEmailBanner } from './components/verify-email-banner';
export {
  pendingActionName,
  rememberAskedAction,
  usePendingAction,
  useReturnPath,
  useSignInHref,
} from './return-to';
