// Copy-paste spam (issue 11): the same listing text published by several accounts within a day is a
// spam ring, not a coincidence. The first COPY_PASTE_ACCOUNTS - 1 accounts' posts go out as usual;
// the next ones are held for a moderator. Text is compared by a fingerprint of its normalised words,
// so changing case, spacing, punctuation or accents does not make it new.

import { createHash } from 'node:crypto';
import { and, countDistinct, eq, gt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { posts } from '../../db/schema';
import type { Deps } from '../../deps';
import { DAY_MS } from '../../infra/clock';
import { foldText } from './text-views';

const WINDOW_MS = DAY_MS;

/**
 * The words of a text, folded as a reader sees them (look-alike letters, invisible characters: see
 * foldText), without accents or punctuation, one space apart.
 */
export function normaliseText(text: string): string {
  return foldText(text)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A listing's text fingerprint: name and details together (stored in posts.text_fingerprint). */
export function textFingerprint(name: string, details: string): string {
  const words = normaliseText(`${name} ${details}`);
  return createHash('sha256').update(words).digest('base64url').slice(0, 32);
}

/** A message's text fingerprint (issue 32): the same words, whatever the case, accents or spacing. */
export const messageFingerprint = (body: string) =>
  createHash('sha256').update(normaliseText(body)).digest('base64url').slice(0, 32);

/**
 * Whether publishing this post now must hold it: enough other accounts put the same text out in the
 * last day before this post's text first went out (`text_published_at`, kept while a post is
 * unpublished and cleared when an edit changes the text). Unpublishing does not take a copy out of
 * the count, and the first accounts toggling their own post are never held by the copies that came
 * after them. A post a moderator has approved is never held again. Takes a transaction-scoped lock on
 * the fingerprint, so concurrent publishes of one text are counted one after another.
 */
export async function mustHoldCopy(
  { config, clock }: Pick<Deps, 'config' | 'clock'>,
  tx: Executor,
  post: {
    id: number;
    userId: number;
    textFingerprint: string;
    textPublishedAt: Date | null;
    reviewedAt: Date | null;
  },
): Promise<boolean> {
  if (post.reviewedAt !== null || post.textFingerprint === '') return false;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${post.textFingerprint}))`);
  const now = clock.now();
  const since = new Date(now.getTime() - WINDOW_MS);
  const [row] = await tx
    .select({ accounts: countDistinct(posts.userId) })
    .from(posts)
    .where(
      and(
        eq(posts.textFingerprint, post.textFingerprint),
        gt(posts.textPublishedAt, since),
        // Out before this one's text first was (the id breaks a tie of equal times).
        sql`(${posts.textPublishedAt}, ${posts.id}) < (${post.textPublishedAt ?? now}::timestamptz, ${post.id}::int)`,
        ne(posts.userId, post.userId),
      ),
    );
  return (row?.accounts ?? 0) >= config.trust.copyPasteAccounts - 1;
}
