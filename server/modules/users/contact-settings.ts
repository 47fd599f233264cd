// Whether a person's posts show their phone number (issue 32). Off, every post shape carries no number
// and buyers see only 'Message seller'.
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';

export async function getContactSettings({ database }: Pick<Deps, 'database'>, userId: number) {
  const [row] = await database.db
    .select({ showPhoneOnPosts: users.showPhoneOnPosts })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  return row;
}

export async function setContactSettings(
  { database }: Pick<Deps, 'database'>,
  userId: number,
  settings: { showPhoneOnPosts: boolean },
) {
  const [row] = await database.db
    .update(users)
    .set({ showPhoneOnPosts: settings.showPhoneOnPosts })
    .where(eq(users.id, userId))
    .returning({ showPhoneOnPosts: users.showPhoneOnPosts });
  if (!row) throw notFound();
  return row;
}
