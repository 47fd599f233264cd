// A forgotten password and a confirmed address (issue 31, decision 039). Every mail goes through the
// outbox in the transaction of the change it reports; a link's token is single use and expires
// (tokens.ts). Asking for a reset answers the same whether or not an account has the address, and a
// link is void once the account's address is no longer the one it was sent to.
import { MSG } from '../../../shared/messages';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound, tooManyRequests } from '../../errors';
import { enqueueMail, mails } from '../mail';
import { findUserByEmail, findUserById, type UserRow, updateUser } from './accounts';
import { hashPassword } from './passwords';
import { deleteSessionsOf } from './session-store';
import { issueToken, useToken, voidTokens } from './tokens';

type MailDeps = Pick<Deps, 'config' | 'clock'>;
type Person = Pick<UserRow, 'id' | 'name' | 'email'>;

/** An app page's address, as mail links it. */
const pageUrl = ({ config }: MailDeps, path: string, token?: string) =>
  `${config.publicUrl}${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

const badLink = () => badRequest(MSG.recovery.badLink, { token: MSG.recovery.badLink });

/**
 * POST /api/password-reset/request. Counted per address asked for, whether an account has it or not,
 * so a 429 tells nothing either; for an account (not deleted), a link in the outbox.
 */
export async function requestPasswordReset(deps: Deps, email: string) {
  const { database, clock, counters, config } = deps;
  const rule = { name: 'password-reset-mails', ...config.account.resetMailsPerAccount };
  const taken = await counters.take([{ rule, key: email }], clock.now().getTime());
  if (taken.retryAfterSeconds > 0) throw tooManyRequests(taken.retryAfterSeconds);
  const user = await findUserByEmail(database.db, email);
  if (!user || user.deletedAt) return;
  await database.db.transaction(async (tx) => {
    const token = await issueToken(tx, 'password-reset', user, clock.now());
    const link = pageUrl(deps, '/reset-password', token);
    await enqueueMail(tx, clock.now(), user.email, 'password-reset', mails.passwordReset(user.name, link));
  });
  deps.mail.wake();
}

/**
 * POST /api/password-reset/confirm: the new password, every session ended, the other reset links
 * voided and a "your password was changed" mail, in one transaction. A suspended account's password
 * changes too; signing in still says it is suspended.
 */
export async function confirmPasswordReset(deps: Deps, token: string, newPassword: string) {
  const { database, clock } = deps;
  const passwordHash = await hashPassword(newPassword);
  const done = await database.db.transaction(async (tx) => {
    const now = clock.now();
    const used = await useToken(tx, 'password-reset', token, now);
    const user = used && (await findUserById(tx, used.userId));
    if (!used || !user || user.deletedAt || !sameAddress(user.email, used.email)) return false;
    await updateUser(tx, user.id, { passwordHash });
    await deleteSessionsOf(tx, user.id);
    await voidTokens(tx, 'password-reset', user.id, now);
    await notifyPasswordChanged(tx, deps, user);
    return true;
  });
  if (!done) throw badLink();
  deps.mail.wake();
}

/** "Your password was changed", to the account's address (a reset, a change from the profile). */
export async function notifyPasswordChanged(tx: Executor, deps: MailDeps, user: Person) {
  await enqueueMail(
    tx,
    deps.clock.now(),
    user.email,
    'password-changed',
    mails.passwordChanged(user.name, pageUrl(deps, '/login')),
  );
}

/** A confirmation link for the user's address (sign-up, a changed address, a resend), voiding older ones. */
export async function sendVerification(tx: Executor, deps: MailDeps, user: Person) {
  const token = await issueToken(tx, 'email-verification', user, deps.clock.now());
  await enqueueMail(
    tx,
    deps.clock.now(),
    user.email,
    'verify-email',
    mails.verifyEmail(user.name, pageUrl(deps, '/verify-email', token)),
  );
}

/** The address changed: a link to the new one, and a notice to the old one. */
export async function notifyEmailChanged(tx: Executor, deps: MailDeps, user: Person, oldAddress: string) {
  await sendVerification(tx, deps, user);
  await enqueueMail(
    tx,
    deps.clock.now(),
    oldAddress,
    'email-changed',
    mails.emailChanged(user.name, user.email, deps.config.contactEmail),
  );
}

/** POST /api/email-verification/confirm: marks the address verified if it is still the one the link went to. */
export async function confirmEmail(deps: Deps, token: string) {
  const { database, clock } = deps;
  const done = await database.db.transaction(async (tx) => {
    const now = clock.now();
    const used = await useToken(tx, 'email-verification', token, now);
    const user = used && (await findUserById(tx, used.userId));
    if (!used || !user || user.deletedAt || !sameAddress(user.email, used.email)) return false;
    if (!user.emailVerifiedAt) await updateUser(tx, user.id, { emailVerifiedAt: now });
    return true;
  });
  if (!done) throw badLink();
}

/** POST /api/email-verification/resend: a new link to the signed-in user's address. */
export async function resendVerification(deps: Deps, userId: number) {
  const { database } = deps;
  const user = await findUserById(database.db, userId);
  if (!user) throw notFound();
  if (user.emailVerifiedAt) throw conflict(MSG.verification.alreadyVerified);
  await database.db.transaction((tx) => sendVerification(tx, deps, user));
  deps.mail.wake();
  return user.email;
}
