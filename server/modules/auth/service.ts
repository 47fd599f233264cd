// Account rules: sign up, sign in (with per-account lockout, see lockout.ts), sign out.
import { MSG } from '../../../shared/messages';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, conflict, forbidden } from '../../errors';
import { isListedModerator, recordAction } from '../safety';
import { findUserByEmail, insertUser, toPublicUser, updateUser } from './accounts';
import { hashPassword, verifyPassword } from './passwords';
import { sendVerification } from './recovery';
import { createSession, deleteSession } from './session-store';

/** The audit log's line for a moderator made by MODERATOR_EMAILS (no moderator acted). */
const logConfiguredModerator = (tx: Executor, userId: number) =>
  recordAction(tx, {
    action: 'set-role',
    moderatorId: null,
    targetType: 'user',
    targetId: userId,
    subjectUserId: userId,
    reason: 'moderator: listed in MODERATOR_EMAILS',
  });

/** Creates the account and mails a link to confirm its address (issue 31), in one transaction. */
export async function signUp(
  deps: Deps,
  input: { name: string; email: string; password: string; phoneNumber: string },
  ip: string,
) {
  const { database, config, clock } = deps;
  const passwordHash = await hashPassword(input.password);
  const role = isListedModerator(config, input.email) ? 'moderator' : 'member';
  // The account's age decides its first-day limits and its reports' weight: it starts on the app's clock.
  const user = await database.db.transaction(async (tx) => {
    // Where it signed up (a keyed hash): accounts made on one address report with one voice (issue 36).
    const signupAddress = deps.addressKeys.of(ip);
    const row = await insertUser(tx, { ...input, passwordHash, role, signupAddress, createdAt: clock.now() });
    if (!row) return row;
    if (row.role === 'moderator') await logConfiguredModerator(tx, row.id);
    await sendVerification(tx, deps, row);
    return row;
  });
  if (!user) throw conflict(MSG.signup.emailTaken);
  deps.mail.wake();
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
  if (user.role === 'member' && isListedModerator(config, user.email)) {
    await database.db.transaction(async (tx) => {
      await updateUser(tx, user.id, { role: 'moderator' });
      await logConfiguredModerator(tx, user.id);
    });
    user.role = 'moderator'; // the account's other sessions said 'member': /login clears the session cache
  }
  // A new token on every sign-in (no session fixation); the old one, if any, is ended.
  if (previousTokenHash) await deleteSession(database.db, previousTokenHash);
  const session = await createSession(database.db, user.id, config.sessionDays, clock.now());
  return { user: toPublicUser(user), ...session };
}
