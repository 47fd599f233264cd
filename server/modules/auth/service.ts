// Account rules: sign up, sign in (with per-account lockout, see lockout.ts), sign out.
import { MSG } from '../../../shared/messages';
import type { Deps } from '../../deps';
import { AppError, conflict } from '../../errors';
import { findUserByEmail, insertUser, toPublicUser } from '../users/repo';
import { hashPassword, verifyPassword } from './passwords';
import { createSession, deleteSession } from './session-store';

export async function signUp(
  { database }: Deps,
  input: { name: string; email: string; password: string; phoneNumber: string },
) {
  const passwordHash = await hashPassword(input.password);
  const user = await insertUser(database.db, { ...input, passwordHash });
  if (!user) throw conflict(MSG.signup.emailTaken);
  return toPublicUser(user);
}

export async function logIn(
  { database, config, loginFailures, clock }: Deps,
  input: { email: string; password: string },
  ip: string,
  previousTokenHash?: string,
) {
  const user = await loginFailures.check([input.email], ip, async () => {
    const row = await findUserByEmail(database.db, input.email);
    return (await verifyPassword(row?.passwordHash, input.password)) ? row : undefined;
  });
  if (!user) throw new AppError(401, MSG.login.invalidCredentials, undefined, undefined, 'wrong_password');
  // A new token on every sign-in (no session fixation); the old one, if any, is ended.
  if (previousTokenHash) await deleteSession(database.db, previousTokenHash);
  const session = await createSession(database.db, user.id, config.sessionDays, clock.now());
  return { user: toPublicUser(user), ...session };
}
