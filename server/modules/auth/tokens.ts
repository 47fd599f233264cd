// One-time links (issue 31): 32 random bytes, base64url, in the mailed link only; the database keeps
// their sha256 (a leaked table opens nothing), the address they were sent to, when they expire and
// when they were used. A link works once and a newer link of the same kind voids the older ones.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type ACCOUNT_TOKEN_KINDS, accountTokens } from '../../db/schema';
import { hashToken } from './session-store';

export type TokenKind = (typeof ACCOUNT_TOKEN_KINDS)[number];

export const TOKEN_LIFETIME_MS: Record<TokenKind, number> = {
  'password-reset': 60 * 60_000,
  'email-verification': 24 * 60 * 60_000,
};

/** A new link's token for `userId` and `email`, voiding that user's older unused ones of the kind. */
export async function issueToken(
  tx: Executor,
  kind: TokenKind,
  user: { id: number; email: string },
  now: Date,
): Promise<string> {
  await voidTokens(tx, kind, user.id, now);
  const token = randomBytes(32).toString('base64url');
  await tx.insert(accountTokens).values({
    tokenHash: hashToken(token),
    kind,
    userId: user.id,
    email: user.email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[kind]),
  });
  return token;
}

/** Marks the user's unused links of the kind used (a newer one was sent, or the password changed). */
export async function voidTokens(tx: Executor, kind: TokenKind, userId: number, now: Date) {
  await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.kind, kind), isNull(accountTokens.usedAt)));
}

/**
 * Uses a link: its user and the address it was sent to when the token is of this kind, unused and
 * not expired, else undefined. One statement marks it used, so two requests with one token cannot
 * both succeed.
 */
export async function useToken(tx: Executor, kind: TokenKind, token: string, now: Date) {
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.kind, kind),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning({ userId: accountTokens.userId, email: accountTokens.email });
  return row;
}
