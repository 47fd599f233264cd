// Saved searches (issue 33): a person keeps up to 20 /home searches or filters; each shows how many
// posts were listed for it since it was last opened, and new ones raise a notification (matching.ts).
import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Parsed } from '../../../shared/contract';
import { MSG } from '../../../shared/messages';
import type { SavedSearch } from '../../../shared/schemas/notifications';
import { isShortSearch, searchWords } from '../../../shared/search-words';
import type { SignedInActor } from '../../actor';
import type { Executor } from '../../db/client';
import { savedSearches, savedSearchHits } from '../../db/schema';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../errors';
import { type SavedSearchFields, savedSearchRow } from './plan';

export const MAX_SAVED_SEARCHES = 20;

type Row = typeof savedSearches.$inferSelect;
type DatabaseDeps = Pick<Deps, 'database' | 'clock'>;

function present(row: Row, newCount: number): SavedSearch {
  return {
    id: row.id,
    search: row.search,
    type: row.type,
    category: row.category as SavedSearch['category'],
    city: row.city as SavedSearch['city'],
    sell_or_buy: row.sellOrBuy,
    currency: row.currency,
    label: row.label,
    newCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Posts listed for each search since it was last opened: one grouped read for the whole list. */
async function newCounts(db: Executor, rows: Row[]): Promise<Map<number, number>> {
  if (rows.length === 0) return new Map();
  const found = await db
    .select({ id: savedSearchHits.savedSearchId, n: count() })
    .from(savedSearchHits)
    .innerJoin(savedSearches, eq(savedSearches.id, savedSearchHits.savedSearchId))
    .where(
      and(
        inArray(
          savedSearchHits.savedSearchId,
          rows.map((row) => row.id),
        ),
        gt(savedSearchHits.listedAt, savedSearches.seenAt),
      ),
    )
    .groupBy(savedSearchHits.savedSearchId);
  return new Map(found.map((row) => [row.id, row.n]));
}

export async function listSavedSearches({ database }: DatabaseDeps, actor: SignedInActor) {
  const rows = await database.db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, actor.id))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  const counts = await newCounts(database.db, rows);
  return { savedSearches: rows.map((row) => present(row, counts.get(row.id) ?? 0)) };
}

const sameFields = (row: Row, fields: SavedSearchFields) =>
  (row.search ?? '') === (fields.search ?? '') &&
  row.type === fields.type &&
  row.category === fields.category &&
  row.city === fields.city &&
  row.sellOrBuy === fields.sell_or_buy &&
  row.currency === fields.currency;

/** Saves a search; the same search saved again answers the one already kept. */
export async function createSavedSearch(
  { database, clock }: DatabaseDeps,
  actor: SignedInActor,
  body: Parsed<'createSavedSearch', 'body'>,
): Promise<SavedSearch> {
  const search =
    searchWords(body.search ?? '').length > 0 ? (body.search ?? '').trim().replace(/\s+/g, ' ') : null;
  if (search && isShortSearch(search))
    throw badRequest(MSG.feed.searchTooShort, { search: MSG.feed.searchTooShort });
  const fields: SavedSearchFields = {
    search,
    type: body.type || null,
    category: body.category || null,
    city: body.city || null,
    sell_or_buy: body.sell_or_buy || null,
    currency: body.currency || null,
  };
  if (Object.values(fields).every((value) => value === null))
    throw badRequest(MSG.savedSearches.needsFilter, { search: MSG.savedSearches.needsFilter });
  const now = clock.now();
  return database.db.transaction(async (tx) => {
    // One person's saves one at a time: the limit holds under parallel requests.
    await tx.execute(sql`select pg_advisory_xact_lock(33, ${actor.id})`);
    const mine = await tx.select().from(savedSearches).where(eq(savedSearches.userId, actor.id));
    const same = mine.find((row) => sameFields(row, fields));
    if (same) return present(same, (await newCounts(tx, [same])).get(same.id) ?? 0);
    if (mine.length >= MAX_SAVED_SEARCHES) throw conflict(MSG.savedSearches.tooMany);
    const [row] = await tx
      .insert(savedSearches)
      .values({ ...(await savedSearchRow(tx, actor.id, fields, now)), createdAt: now })
      .returning();
    if (!row) throw new Error('saved search not stored');
    return present(row, 0);
  });
}

export async function seeSavedSearch({ database, clock }: DatabaseDeps, actor: SignedInActor, id: number) {
  const [row] = await database.db
    .update(savedSearches)
    .set({ seenAt: clock.now() })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, actor.id)))
    .returning();
  if (!row) throw notFound(MSG.savedSearches.notFound);
  return present(row, 0);
}

export async function deleteSavedSearch({ database }: DatabaseDeps, actor: SignedInActor, id: number) {
  const deleted = await database.db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, actor.id)))
    .returning({ id: savedSearches.id });
  if (deleted.length === 0) throw notFound(MSG.savedSearches.notFound);
  return { id, deleted: true as const };
}

/** A person's saved searches for their data export, oldest first. */
export async function savedSearchesOf(db: Executor, userId: number) {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(savedSearches.id);
  return rows.map((row) => {
    const { newCount: _, ...shown } = present(row, 0);
    return shown;
  });
}

/** Forgets a person's saved searches and their hits (the account is deleted). */
export async function forgetSavedSearchesOf(db: Executor, userId: number) {
  await db.delete(savedSearches).where(eq(savedSearches.userId, userId));
}
