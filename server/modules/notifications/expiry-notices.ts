// Expiry notices (issue 33): a published post's owner hears 3 days before it expires (once per
// publication: a renewal starts a new one) and when it has expired. A post expires POST_EXPIRY_DAYS
// after it was published or renewed (posts/expiry.ts). Run hourly; each run reads the posts whose
// notice is due and not yet raised (the notice's group key names the post and its publish time).
import { and, asc, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notifications, posts, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { DAY_MS } from '../../infra/clock';
import { listingCutoff, postVisibility } from '../posts';
import { raiseNotifications } from './raise';

/** How long before expiry the owner is told. */
export const EXPIRY_NOTICE_DAYS = 3;
/** Posts that expired longer ago than this get no notice (they expired before notices existed). */
const EXPIRED_NOTICE_WINDOW_MS = 7 * DAY_MS;
const BATCH = 500;

type ExpiryDeps = Pick<Deps, 'database' | 'clock' | 'config' | 'live'>;

export async function raiseExpiryNotices(deps: ExpiryDeps): Promise<number> {
  const now = deps.clock.now();
  const cutoff = listingCutoff(deps);
  const soon = new Date(cutoff.getTime() + EXPIRY_NOTICE_DAYS * DAY_MS);
  const longAgo = new Date(cutoff.getTime() - EXPIRED_NOTICE_WINDOW_MS);
  let raised = 0;
  // Listed posts that expire within 3 days, then posts that expired in the last week.
  raised += await raiseFor(
    deps,
    'expiring',
    and(postVisibility.listed(cutoff), lt(posts.publishedAt, soon)),
    now,
  );
  raised += await raiseFor(
    deps,
    'expired',
    and(
      sql`${posts.isPublished}`,
      sql`${posts.status} <> 'sold'`,
      lt(posts.publishedAt, cutoff),
      gte(posts.publishedAt, longAgo),
    ),
    now,
  );
  return raised;
}

async function raiseFor(
  deps: ExpiryDeps,
  kind: 'expiring' | 'expired',
  due: ReturnType<typeof and>,
  now: Date,
) {
  const key = sql<string>`${kind} || ':' || ${posts.id} || ':' || floor(extract(epoch from ${posts.publishedAt}) * 1000)::bigint`;
  const rows = await deps.database.db
    .select({ postId: posts.id, userId: posts.userId, name: posts.name, key })
    .from(posts)
    .innerJoin(users, sql`${users.id} = ${posts.userId}`)
    .where(
      and(
        due,
        isNull(users.deletedAt),
        sql`not exists (select 1 from ${notifications} where ${notifications.userId} = ${posts.userId} and ${notifications.groupKey} = ${key})`,
      ),
    )
    .orderBy(asc(posts.publishedAt))
    .limit(BATCH);
  if (rows.length === 0) return 0;
  const hinted = await deps.database.db.transaction((tx: Executor) =>
    raiseNotifications(
      tx,
      rows.map((row) => ({
        userId: row.userId,
        kind,
        groupKey: row.key,
        mode: 'once' as const,
        postId: row.postId,
        subject: row.name,
        link: '/account',
      })),
      now,
    ),
  );
  deps.live.hint(hinted);
  return rows.length;
}
