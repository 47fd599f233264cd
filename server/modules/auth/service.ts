// Account rules: sign up, sign in (with per-account lockout, see lockout.ts), sign out.
import { MSG } from '../../../shared/messages';
import type { Deps } from '../../deps';
import { AppError, conflict, forbidden } from '../../errors';
import { findUserByEmail, insertUser, toPublicUser, updateUser } from '../users/repo';
import { hashPassword, verifyPassword } from './passwords';
import { createSession, deleteSession } from './session-store';

/** An account whose email is in MODERATOR_EMAILS is a moderator (decision 014). */
const listedModerator = (config: Deps['config'], email: string) =>
  config.trust.moderatorEmails.has(email.toLowerCase());

export async function signUp(
  { database, config, clock }: Deps,
  input: { name: string; email: string; password: string; phoneNumber: string },
) {
  const passwordHash = await hashPassword(input.password);
  const role = listedModerator(config, input.email) ? 'moderator' : 'member';
  // The account's age decides its first-day limits and its reports' weight: it starts on the app's clock.
  const user = await insertUser(database.db, { ...input, passwordHash, role, createdAt: clock.now() });
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
  // Only the right password learns that the account is suspended.
  if (user.suspendedAt !== null) throw forbidden(MSG.moderation.suspended);
  if (user.role === 'member' && listedModerator(config, user.email)) {
    await updateUser(database.db, user.id, { role: 'moderator' });
    user.role = 'moderator';
  }
  // A new token on every sign-in (no session fixation); the old one, if any, is ended.
  if (previousTokenHash) await deleteSession(database.db, previousTokenHash);
  const session = await createSession(database.db, user.id, config.sessionDays, clock.now());
  return { user: toPublicUser(user), ...session };
}
