// DELETE /api/account (issue 31): after the password (a wrong one is a 403 counted like a failed
// sign-in), one transaction deletes the person's posts with what hangs off them, their likes (the
// counters follow), saved posts, views, sessions and links, the blocks they made and their live events,
// empties the account's row (comments and the messages they sent stay with the people they were for,
// as 'Deleted user', who can no longer be messaged; the audit log keeps its ids) and queues a last mail
// to the address; the image files go after the commit. Conversations about their posts stay with the
// buyers, showing what the posts were. The reports they filed stay for the moderators, without the
// address they came from (a deleted account's reports weigh nothing).
import type { FastifyBaseLogger } from 'fastify';
import { MSG } from '../../../shared/messages';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import {
  anonymizeAccount,
  deleteSessionsOf,
  findUserById,
  isAccountPassword,
  type SessionInfo,
} from '../auth';
import { forgetBlocksBy } from '../blocks';
import { forgetFavouritesOf } from '../favourites';
import { removeUnusedFiles } from '../images';
import { forgetLikesOf } from '../likes';
import { deletePostsOfUser } from '../listings';
import { forgetEventsOf } from '../live';
import { enqueueMail, mails } from '../mail';
import { forgetNotificationsOf } from '../notifications';
import { forgetReportAddressesOf } from '../reports';
import { forgetSavedSearchesOf } from '../saved-searches';
import { forgetViewsOf } from '../views';

export async function deleteAccount(
  deps: Deps,
  log: FastifyBaseLogger,
  session: SessionInfo,
  ip: string,
  password: string,
) {
  if (!(await isAccountPassword(deps, session.user, ip, password)))
    throw new AppError(403, MSG.myData.passwordWrong, { password: MSG.myData.passwordWrong });
  const { database, clock } = deps;
  const keys = await database.db.transaction(async (tx) => {
    const user = await findUserById(tx, session.user.id);
    if (!user || user.deletedAt) return [];
    const files = await deletePostsOfUser(tx, user.id);
    await forgetLikesOf(tx, user.id);
    await forgetFavouritesOf(tx, user.id);
    await forgetViewsOf(tx, user.id);
    await forgetBlocksBy(tx, user.id);
    await forgetEventsOf(tx, user.id);
    await forgetNotificationsOf(tx, user.id);
    await forgetSavedSearchesOf(tx, user.id);
    await forgetReportAddressesOf(tx, user.id);
    await deleteSessionsOf(tx, user.id);
    await enqueueMail(tx, clock.now(), user.email, 'account-deleted', mails.accountDeleted(user.name));
    // Last: the address the mail above goes to is freed here.
    await anonymizeAccount(tx, user.id, clock.now());
    return files;
  });
  deps.mail.wake();
  await removeUnusedFiles(deps, log, keys);
}
