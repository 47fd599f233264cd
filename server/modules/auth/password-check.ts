// A signed-in person's password, checked again (an email change, the /pass step, deleting the account):
// under the login lockout (decision 007), so each wrong guess counts like a failed sign-in, counted
// before the password is verified, and a locked account is answered 429.
import type { Deps } from '../../deps';
import { findUserById } from './accounts';
import { verifyPassword } from './passwords';

// The lockout is keyed by email; the user id as well means changing the email from a signed-in
// session does not reset the count of wrong guesses.
const lockoutKeys = (user: { id: number; email: string }) => [user.email, `user:${user.id}`];

/** Whether `password` is the account's, from the client address `ip`. */
export async function isAccountPassword(
  { database, loginFailures }: Pick<Deps, 'database' | 'loginFailures'>,
  user: { id: number; email: string },
  ip: string,
  password: string,
): Promise<boolean> {
  return loginFailures.check(lockoutKeys(user), ip, async () => {
    const row = await findUserById(database.db, user.id);
    return verifyPassword(row?.passwordHash, password);
  });
}
