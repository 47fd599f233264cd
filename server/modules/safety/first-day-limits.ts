// A new account's first-day ceilings (issue 11): in its first 24 hours an account creates at most
// config.trust.firstDay.posts posts and .comments comments, whatever the per-hour limits allow, so a
// throwaway account cannot flood the feed before anyone has a chance to report it. Counted in the
// database (not per process), so several instances share the count.

import { count, eq } from 'drizzle-orm';
import { MSG } from '../../../shared/messages';
import type { Executor } from '../../db/client';
import { comments, posts, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError, unauthorized } from '../../errors';
import { DAY_MS } from '../../infra/clock';

export const FIRST_DAY_MS = DAY_MS;

type Kind = 'posts' | 'comments';
const tables = { posts, comments } as const;

/** Throws a 429 when a first-day account has reached its ceiling for `kind`. */
export async function checkFirstDayLimit(
  { config, clock }: Pick<Deps, 'config' | 'clock'>,
  db: Executor,
  userId: number,
  kind: Kind,
): Promise<void> {
  // The account row is locked for the caller's transaction, so two concurrent creates count one after
  // the other and cannot both slip under the ceiling.
  const [user] = await db
    .select({ createdAt: users.createdAt, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  if (!user) return;
  // A request already on its way when the account was suspended writes nothing.
  if (user.suspendedAt !== null) throw unauthorized();
  const endsInMs = user.createdAt.getTime() + FIRST_DAY_MS - clock.now().getTime();
  if (endsInMs <= 0) return;
  const table = tables[kind];
  // Everything the account ever made falls in its first day while that day lasts.
  const [row] = await db.select({ made: count() }).from(table).where(eq(table.userId, userId));
  const max = config.trust.firstDay[kind];
  if ((row?.made ?? 0) < max) return;
  const after = describeWait(endsInMs);
  const message =
    kind === 'posts'
      ? MSG.moderation.newAccountPosts(max, after)
      : MSG.moderation.newAccountComments(max, after);
  throw new AppError(429, message, undefined, { 'retry-after': String(Math.ceil(endsInMs / 1000)) });
}

function describeWait(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? '1 hour' : `${hours} hours`;
}
