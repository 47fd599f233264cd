// Server-side sessions (DESIGN §3, §5): a random 32-byte token lives only in the cookie; the database
// keeps its sha256, so a leaked sessions table cannot be replayed.

import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Role } from '../../../shared/roles';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { DAY_MS } from '../../infra/clock';
import type { PublicUser } from './accounts';

/** Sessions the session cache keeps at most (a few hundred bytes each). */
export const SESSION_CACHE_MAX_ENTRIES = 5000;

// Sliding expiry is refreshed at most this often, so reads do not turn into a write per request.
const TOUCH_EVERY_MS = 3_600_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface SessionInfo {
  tokenHash: string;
  user: PublicUser;
  role: Role;
  passwordVerifiedAt: Date | null;
  /** The new expiry when this request extended the session (the cookie must say so too), else null. */
  extendedTo: Date | null;
}

export async function createSession(db: Executor, userId: number, days: number, now: Date) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + days * DAY_MS);
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, expiresAt, createdAt: now, lastSeenAt: now });
  return { token, expiresAt };
}

export interface SessionLifetime {
  /** Sliding: unused this many days, the session ends. */
  days: number;
  /** Absolute: this many days after sign-in, the session ends however active. */
  maxDays: number;
}

// Every signed-in request runs this lookup: built once per database (drizzle assembling the SQL was a
// fifth of a signed-in /api/posts request's CPU) and, on PostgreSQL, a named prepared statement that
// each connection plans once.
const lookups = new WeakMap<Executor, ReturnType<typeof prepareSessionLookup>>();

function prepareSessionLookup(db: Executor) {
  return db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      passwordVerifiedAt: sessions.passwordVerifiedAt,
      id: users.id,
      name: users.name,
      email: users.email,
      phoneNumber: users.phoneNumber,
      role: users.role,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        // Suspending deletes the sessions; this also refuses one created in a race with the suspension.
        isNull(users.suspendedAt),
        gt(sessions.createdAt, sql.placeholder('signedInAfter')),
      ),
    )
    .limit(1)
    .prepare('find_session');
}

function sessionLookup(db: Executor) {
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    lookups.set(db, lookup);
  }
  return lookup;
}

export async function findSession(
  db: Executor,
  token: string,
  { days, maxDays }: SessionLifetime,
  now: Date,
): Promise<SessionInfo | undefined> {
  const tokenHash = hashToken(token);
  const [row] = await sessionLookup(db).execute({
    tokenHash,
    now,
    signedInAfter: new Date(now.getTime() - maxDays * DAY_MS),
  });
  if (!row) return undefined;
  let extendedTo: Date | null = null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    const end = Math.min(now.getTime() + days * DAY_MS, row.createdAt.getTime() + maxDays * DAY_MS);
    extendedTo = new Date(end);
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: extendedTo })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  const { createdAt: _created, lastSeenAt: _seen, passwordVerifiedAt, role, emailVerifiedAt, ...user } = row;
  const emailVerified = emailVerifiedAt !== null;
  return { tokenHash, user: { ...user, role, emailVerified }, role, passwordVerifiedAt, extendedTo };
}

export async function deleteSession(db: Executor, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends every session of a user (a password reset, a deleted account). */
export async function deleteSessionsOf(db: Executor, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Ends every session of a user except the one given (after a password change). */
export async function deleteOtherSessions(db: Executor, userId: number, keepTokenHash: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)));
}

export async function markPasswordVerified(db: Executor, tokenHash: string, at: Date | null) {
  await db.update(sessions).set({ passwordVerifiedAt: at }).where(eq(sessions.tokenHash, tokenHash));
}

/** Deletes the sessions past their expiry; returns how many. */
export async function deleteExpiredSessions(db: Executor): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(sql`${sessions.expiresAt} <= now()`)
    .returning({ tokenHash: sessions.tokenHash });
  return rows.length;
}
