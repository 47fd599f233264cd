// What a saved search stores to be matched later (issue 33, decision 041): its label, its words as the
// tsquery /home's newest order runs (feed/search.ts everyWord: every word, in any of its forms, whole
// or as a prefix), and its anchors: terms at least one of which every post it matches has. A new post's
// own terms (postTerms) then find the searches it may match through the GIN index on anchors, and the
// tsquery and filters decide; the number of stored searches never enters the cost beyond the index.
import { sql } from 'drizzle-orm';
import type { Currency, PostType, SellOrBuy } from '../../../shared/catalog';
import type { Executor } from '../../db/client';
import { everyWord, planSearch } from '../feed';

export interface SavedSearchFields {
  search: string | null;
  type: PostType | null;
  category: string | null;
  city: string | null;
  sell_or_buy: SellOrBuy | null;
  currency: Currency | null;
}

/** Filters in the order of how few posts each leaves: a search without words anchors on the first set. */
const FILTER_ORDER = ['category', 'city', 'currency', 'sell_or_buy', 'type'] as const;

/** '"honda fit" in Bulawayo', 'Vehicles for sale in Harare', 'Services priced in ZWG'. */
export function labelOf(fields: SavedSearchFields): string {
  const parts: string[] = [];
  if (fields.search) parts.push(`"${fields.search}"`);
  if (fields.category) parts.push(fields.search ? `in ${fields.category}` : fields.category);
  else if (fields.type && !fields.search) parts.push(fields.type === 'product' ? 'Products' : 'Services');
  if (fields.sell_or_buy) parts.push(fields.sell_or_buy === 'Sell' ? 'for sale' : 'wanted');
  if (fields.city) parts.push(`in ${fields.city}`);
  if (fields.currency) parts.push(`priced in ${fields.currency}`);
  return parts.join(' ');
}

export interface StoredMatch {
  query: string | null;
  anchors: string[];
}

/**
 * The tsquery text and anchors of a search. The anchor word is the longest typed word (the rarest,
 * most likely); its anchors are each of its forms' English lexemes ('w:') and the word as typed as a
 * prefix ('p:'), exactly what a post needs for that word's part of the tsquery to match it.
 */
export async function storedMatch(db: Executor, fields: SavedSearchFields): Promise<StoredMatch> {
  const plan = fields.search ? planSearch(fields.search) : null;
  if (!plan) {
    const name = FILTER_ORDER.find((key) => fields[key]) ?? 'type';
    return { query: null, anchors: [`f:${name}=${fields[name] ?? ''}`] };
  }
  const anchor = plan.words.reduce((longest, word) =>
    word.word.length > longest.word.length ? word : longest,
  );
  const forms = anchor.forms.join(' ');
  const { rows } = (await db.execute(sql`
    select (${everyWord(plan)})::text as query,
      array(
        select distinct 'w:' || lexeme from unnest(tsvector_to_array(to_tsvector('english', ${forms}))) as lexeme
        union select 'p:' || lexeme from unnest(tsvector_to_array(to_tsvector('simple', ${anchor.word}))) as lexeme
          where length(${anchor.word}) >= 3
      ) as anchors`)) as unknown as { rows: { query: string; anchors: string[] }[] };
  const row = rows[0];
  return { query: row?.query ?? null, anchors: row?.anchors ?? [] };
}

/** The row a person's saved search is stored as: its fields, label and what matching reads. */
export async function savedSearchRow(db: Executor, userId: number, fields: SavedSearchFields, seenAt: Date) {
  return rowOf(userId, fields, await storedMatch(db, fields), seenAt);
}

/** The same row from a match already computed (the benchmark stores one search many times). */
export const rowOf = (userId: number, fields: SavedSearchFields, match: StoredMatch, seenAt: Date) => ({
  userId,
  search: fields.search,
  type: fields.type,
  category: fields.category,
  city: fields.city,
  sellOrBuy: fields.sell_or_buy,
  currency: fields.currency,
  label: labelOf(fields),
  query: match.query,
  anchors: match.anchors,
  seenAt,
});
