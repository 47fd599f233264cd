// SQL for users. Every function takes an executor so callers can run it inside a transaction.
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
/** The user as every response shows it: never the password hash. */
export interface PublicUser {
  id: number;
  name: string;
  email: string;
  phoneNumber: string;
}

export const toPublicUser = (u: Pick<UserRow, 'id' | 'name' | 'email' | 'phoneNumber'>): PublicUser => ({
  id: u.id,
  name: u.name,
  email: u.email,
  phoneNumber: u.phoneNumber,
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
  values: { name: string; email: string; phoneNumber: string; passwordHash: string },
): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateUser(
  db: Executor,
  id: number,
  values: Partial<Pick<UserRow, 'name' | 'email' | 'phoneNumber' | 'passwordHash'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}
