// When a person last used the app (issue 33): the away mail waits until NOTIFY_AWAY_MINUTES after it.
// A signed-in request or an open live stream marks it, at most once a minute per person and instance,
// so using the app costs no write per request.
import { and, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

const MARK_EVERY_MS = 60_000;
/** People remembered per instance; past this the oldest marks are forgotten (a mark is then written again). */
const REMEMBERED = 10_000;

export class ActivityMarks {
  readonly #marked = new Map<number, number>();

  /** Whether `userId`'s mark is due here (and remembers it as written). */
  due(userId: number, nowMs: number): boolean {
    const last = this.#marked.get(userId);
    if (last !== undefined && nowMs - last < MARK_EVERY_MS) return false;
    this.#marked.delete(userId);
    this.#marked.set(userId, nowMs);
    if (this.#marked.size > REMEMBERED) {
      const oldest = this.#marked.keys().next().value;
      if (oldest !== undefined) this.#marked.delete(oldest);
    }
    return true;
  }
}

/** Marks these people active now (a row already marked within the minute is left alone). */
export async function markActive(db: Executor, userIds: number[], now: Date) {
  if (userIds.length === 0) return;
  const since = new Date(now.getTime() - MARK_EVERY_MS);
  for (let i = 0; i < userIds.length; i += 1000) {
    await db
      .update(users)
      .set({ lastActiveAt: now })
      .where(
        and(
          inArray(users.id, userIds.slice(i, i + 1000)),
          or(isNull(users.lastActiveAt), lt(users.lastActiveAt, since)),
        ),
      );
  }
}
