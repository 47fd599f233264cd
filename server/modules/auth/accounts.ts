// SQL for users. Every function takes an executor so callers can run it inside a transaction.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { PublicUser } from '../../../shared/api-types';
import { DELETED_USER_NAME } from '../../../shared/messages';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
/** The user as every response shows it (shared/schemas/user.ts): never the password hash. */
export type { PublicUser };

export const toPublicUser = (
  u: Pick<UserRow, 'id' | 'name' | 'email' | 'phoneNumber' | 'role' | 'emailVerifiedAt'>,
): PublicUser => ({
  id: u.id,
  name: u.name,
  email: u.email,
  phoneNumber: u.phoneNumber,
  role: u.role,
  emailVerified: u.emailVerifiedAt !== null,
});

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Inserts a user; returns undefined when the email is already taken (race-free via the unique index). */
export async function insertUser(
  db: Executor,
  values: Pick<
    UserRow,
    'name' | 'email' | 'phoneNumber' | 'passwordHash' | 'role' | 'createdAt' | 'signupAddress'
  >,
): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateUser(
  db: Executor,
  id: number,
  values: Partial<
    Pick<UserRow, 'name' | 'email' | 'phoneNumber' | 'passwordHash' | 'role' | 'emailVerifiedAt'>
  >,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

// PostgreSQL's unique_violation, as pg and PGlite report it (drizzle wraps it in `cause`).
function isEmailTaken(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const inner = e?.cause ?? e;
  return inner?.code === '23505' && (inner.constraint ?? 'users_email_lower_key') === 'users_email_lower_key';
}

/**
 * Updates name, email and phone (and whether the email is confirmed); returns 'email-taken' when
 * another account holds the email in any case. The unique index decides, so two concurrent updates cannot both take the same address.
 */
export async function updateProfile(
  db: Executor,
  id: number,
  values: Pick<UserRow, 'name' | 'email' | 'phoneNumber'> & Partial<Pick<UserRow, 'emailVerifiedAt'>>,
): Promise<UserRow | 'email-taken' | undefined> {
  try {
    return await updateUser(db, id, values);
  } catch (error) {
    if (isEmailTaken(error)) return 'email-taken';
    throw error;
  }
}

/**
 * Takes this session's password-verified mark if it was set after `since`, clearing it in the same
 * statement, so one verification allows exactly one password update even under concurrent requests.
 */
export async function consumePasswordVerification(
  db: Executor,
  tokenHash: string,
  since: Date,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ passwordVerifiedAt: null })
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.passwordVerifiedAt, since)))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.length > 0;
}

/**
 * Empties a deleted account's row (issue 31): its name reads 'Deleted user' wherever its comments
 * are, its email and phone are freed (the email becomes an address that cannot exist, unique by id),
 * its password hash matches no password. The row stays so comments and the audit log keep their ids.
 */
export async function anonymizeAccount(db: Executor, id: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({
      name: DELETED_USER_NAME,
      email: `deleted-${id}@deleted.invalid`,
      phoneNumber: '',
      passwordHash: '!',
      role: 'member',
      emailVerifiedAt: null,
      signupAddress: null,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, id));
}
