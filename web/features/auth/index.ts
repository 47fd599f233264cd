// The auth feature's public face: the session state every screen and feature reads, and its calls.

export { login, signup, userAfterLogin } from './api';
export { AuthNotYetKnown, AuthProvider, useAuth, useSignedInUser } from './auth-context';
export { useReturnPath, useSignInHref } from './return-to';
