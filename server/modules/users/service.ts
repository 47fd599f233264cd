// Profile and password rules (spec §2-4, DESIGN §4): identity is the session's; every wrong current
// password counts against the same per-account limiter as a failed login.

import { MSG } from '../../../shared/messages';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, conflict, forbidden, notFound, wrongPassword } from '../../errors';
import {
  consumePasswordVerification,
  deleteOtherSessions,
  findUserById,
  hashPassword,
  isAccountPassword,
  markPasswordVerified,
  notifyEmailChanged,
  notifyPasswordChanged,
  type PublicUser,
  type SessionInfo,
  toPublicUser,
  updateProfile,
  updateUser,
} from '../auth';
import { isListedModerator } from '../safety';

/** How long a /pass verification (current-user-password) allows an update-password or an email change. */
export const PASSWORD_VERIFICATION_MS = 5 * 60_000;

export async function getProfile({ database }: Deps, userId: number): Promise<PublicUser> {
  const user = await findUserById(database.db, userId);
  if (!user) throw notFound();
  return toPublicUser(user);
}

/**
 * PUT /api/update-user. Name and phone change freely; the email is the login, so changing it needs a
 * recent password check: this session's /pass verification (within PASSWORD_VERIFICATION_MS) or the
 * current password in the same request, counted by the lockout like a /pass check. Without one:
 * 403 and nothing changes, and whether the new address is taken (409) is not revealed.
 */
export async function editProfile(
  deps: Deps,
  session: SessionInfo,
  ip: string,
  input: { name: string; email: string; phoneNumber: string; currentPassword?: string },
): Promise<PublicUser> {
  const { currentPassword, ...values } = input;
  if (values.email !== session.user.email.toLowerCase()) {
    if (currentPassword !== undefined)
      await checkPassword(deps, session.user, ip, currentPassword, 'currentPassword');
    else if (!recentlyVerified(session, deps.clock.now()))
      throw new AppError(403, MSG.profile.confirmEmailChange, {
        currentPassword: MSG.profile.confirmEmailChange,
      });
  }
  const emailChanged = values.email !== session.user.email.toLowerCase();
  // A configured moderator's address is taken by definition: moving onto it would make a moderator.
  if (emailChanged && isListedModerator(deps.config, values.email)) throw conflict(MSG.signup.emailTaken);
  // A new address is unconfirmed until its owner opens the link mailed to it; the old one is told
  // (issue 31). In one transaction with the change.
  const user = await deps.database.db.transaction(async (tx) => {
    const result = await updateProfile(tx, session.user.id, {
      ...values,
      ...(emailChanged ? { emailVerifiedAt: null } : {}),
    });
    if (result === 'email-taken') throw conflict(MSG.signup.emailTaken);
    if (!result) throw notFound();
    if (emailChanged) await notifyEmailChanged(tx, deps, result, session.user.email);
    return result;
  });
  if (emailChanged) deps.mail.wake();
  return toPublicUser(user);
}

const recentlyVerified = (session: SessionInfo, now: Date) =>
  session.passwordVerifiedAt !== null &&
  session.passwordVerifiedAt.getTime() > now.getTime() - PASSWORD_VERIFICATION_MS;

/** The session user's password, or a 401 'wrong_password' on `field` (counted by the lockout). */
async function checkPassword(deps: Deps, user: PublicUser, ip: string, password: string, field: string) {
  if (!(await isAccountPassword(deps, user, ip, password))) throw wrongPassword(field);
}

/** POST /api/current-user-password: the /pass screen's first step marks this session verified. */
export async function verifyCurrentPassword(
  deps: Deps,
  session: SessionInfo,
  ip: string,
  providedPassword: string,
) {
  await checkPassword(deps, session.user, ip, providedPassword, 'providedPassword');
  await markPasswordVerified(deps.database.db, session.tokenHash, deps.clock.now());
}

/**
 * Sets the hash, ends every other session of the user and tells the account's address (issue 31),
 * in one transaction.
 */
async function replacePassword(
  deps: Deps,
  session: SessionInfo,
  newPassword: string,
  beforeWrite?: (tx: Executor) => Promise<void>,
) {
  const passwordHash = await hashPassword(newPassword);
  await deps.database.db.transaction(async (tx) => {
    await beforeWrite?.(tx);
    await updateUser(tx, session.user.id, { passwordHash });
    await deleteOtherSessions(tx, session.user.id, session.tokenHash);
    await notifyPasswordChanged(tx, deps, session.user);
  });
  deps.mail.wake();
}

/** POST /api/change-password (profile screen): needs the current password itself. */
export async function changePassword(
  deps: Deps,
  session: SessionInfo,
  ip: string,
  input: { currentPassword: string; newPassword: string },
) {
  await checkPassword(deps, session.user, ip, input.currentPassword, 'currentPassword');
  await replacePassword(deps, session, input.newPassword);
}

/** POST /api/update-password (/pass screen): needs a fresh verification of this session, used once. */
export async function updatePassword(deps: Deps, session: SessionInfo, newPassword: string) {
  const since = () => new Date(deps.clock.now().getTime() - PASSWORD_VERIFICATION_MS);
  // Cheap early answer before hashing; the transaction below is what actually decides.
  if (!session.passwordVerifiedAt || session.passwordVerifiedAt <= since())
    throw forbidden(MSG.password.verifyFirst);
  await replacePassword(deps, session, newPassword, async (tx) => {
    if (!(await consumePasswordVerification(tx, session.tokenHash, since())))
      throw forbidden(MSG.password.verifyFirst);
  });
}
