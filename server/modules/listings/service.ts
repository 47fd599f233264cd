// Listing rules: create (unpublished), edit (owner; a published post in place, decision 045), publish and unpublish
// (owner), and the owner's dashboard list. Reads-then-writes run in one transaction with the post row
// locked, so a concurrent publish cannot slip between the check and the edit.
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { ItemDto, MyPost } from '../../../shared/api-types';
import type { PostType } from '../../../shared/catalog';
import { formatPrice } from '../../../shared/format';
import { IDEMPOTENCY_KEY_TTL_MS } from '../../../shared/idempotency';
import { MSG } from '../../../shared/messages';
import type { PostStatus } from '../../../shared/post-status';
import type { postInputSchema } from '../../../shared/validation';
import type { SignedInActor } from '../../actor';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { conflict } from '../../errors';
import { claimKey, deleteKeysBefore, findAnswer, storeAnswer } from '../../infra/idempotency';
import { removeUnusedFiles } from '../images';
import { raiseNotification, tellSavers } from '../notifications';
import {
  isExpired,
  listingCutoff,
  loadPostFor,
  type PostRecord,
  presentImage,
  presentItem,
  presentPost,
} from '../posts';
import { checkFirstDayLimit, holdPost, listingTextChecks, mustHoldCopy } from '../safety';
import {
  deletePostRows,
  findCovers,
  insertPost,
  listPostsByUser,
  lockCommentsOf,
  lockPostDeletion,
  type PostFields,
  renewPublished,
  setPublished,
  setStatus,
  updatePostFields,
} from './repo';

type ParsedPostInput = z.output<typeof postInputSchema>;

const toFields = (input: ParsedPostInput): PostFields => ({
  type: input.type,
  sellOrBuy: input.sell_or_buy,
  name: input.name,
  category: input.category,
  price: input.type === 'product' ? input.price : input.rate,
  paymentMethods: input.paymentMethods,
  details: input.details,
  city: input.city,
  location: input.location,
  currency: input.currency,
});

/** create-post's answer: the new post, or the answer stored for the same Idempotency-Key before. */
export type CreateAnswer = { body: ItemDto; replayed: boolean };

/**
 * Creates an unpublished post. With an Idempotency-Key (decision 026) the key is claimed first, in the
 * same transaction: a repeat of the key, even one arriving at the same time, waits for the first to
 * commit and answers what it answered, whatever its body; a first attempt that fails (a limit) leaves
 * no key behind, so its retry is a first attempt again.
 */
export async function createPost(
  deps: Deps,
  actor: SignedInActor,
  input: ParsedPostInput,
  idempotencyKey?: string,
): Promise<CreateAnswer> {
  return deps.database.db.transaction(async (tx) => {
    if (idempotencyKey && !(await claimKey(tx, actor.id, idempotencyKey, deps.clock.now()))) {
      const stored = await findAnswer(tx, actor.id, idempotencyKey);
      if (!stored) throw new Error('a claimed idempotency key has no row');
      // Only create-post's 201 answers are stored: the body is the item it answered then.
      return { body: stored.response as ItemDto, replayed: true };
    }
    await checkFirstDayLimit(deps, tx, actor.id, 'posts');
    const row = await insertPost(tx, actor.id, { ...toFields(input), ...listingTextChecks(input) });
    const body = presentItem(row);
    if (idempotencyKey) await storeAnswer(tx, actor.id, idempotencyKey, { statusCode: 201, response: body });
    return { body, replayed: false };
  });
}

/** Forgets the Idempotency-Keys older than a day (a job: server/jobs.ts); returns how many. */
export async function sweepIdempotencyKeys({ database, clock }: Pick<Deps, 'database' | 'clock'>) {
  return deleteKeysBefore(database.db, new Date(clock.now().getTime() - IDEMPOTENCY_KEY_TTL_MS));
}

/**
 * Edits the actor's post. A published one is edited in place (issue 34, decision 045): it keeps its
 * place in the feeds and its likes, comments and saves, and goes through the checks publishing runs:
 * its new text is new to the copy-paste rule (held when other accounts just published it) and to the
 * scam patterns, and a new price is news to those who saved it.
 */
export async function editPost(deps: Deps, actor: SignedInActor, input: ParsedPostInput & { id: number }) {
  const { row, hinted } = await deps.database.db.transaction(async (tx) => {
    const post = await loadPostFor(tx, actor, 'edit', input, { forUpdate: true });
    const { type: _type, ...fields } = toFields(input);
    const checks = listingTextChecks(input);
    const now = deps.clock.now();
    // New text is new to the moderators and to the copy-paste rule: a warned or approved post goes back
    // to the queue's rules, and the text counts as going out when it is next published (now, if live).
    const sameWords = checks.textFingerprint === post.textFingerprint;
    const sameText = sameWords && checks.scamSignals.join() === post.scamSignals.join();
    const row = await updatePostFields(tx, input.id, {
      ...fields,
      ...checks,
      reviewedAt: sameText ? post.reviewedAt : null,
      textPublishedAt: sameWords ? post.textPublishedAt : post.isPublished ? now : null,
      // What the post shows from now on, when it is live: a new one is news to its savers.
      ...(post.isPublished ? { publicPrice: `${fields.price}|${fields.currency ?? post.currency}` } : {}),
    });
    if (!post.isPublished) return { row, hinted: [] };
    if (!sameWords && post.moderation === 'visible' && (await mustHoldCopy(deps, tx, row)))
      return holdWithNotice(tx, row, now);
    return { row, hinted: await tellOfNewPrice(tx, post, row, now) };
  });
  deps.live.hint(hinted);
  return row;
}

/** A post toggled off and on goes back to the top of the feeds at most once per this period. */
export const REPUBLISH_BUMP_MS = 7 * 24 * 60 * 60_000;

export async function setPublishState(
  deps: Deps,
  actor: SignedInActor,
  ref: { id: number; type: PostType; isPublished: boolean },
) {
  const { row, hinted } = await deps.database.db.transaction(async (tx) => {
    const post = await loadPostFor(tx, actor, 'publish', ref, { forUpdate: true });
    const hold =
      ref.isPublished &&
      !post.isPublished &&
      post.moderation === 'visible' &&
      (await mustHoldCopy(deps, tx, post));
    const now = deps.clock.now();
    const bumpAfter = new Date(now.getTime() - REPUBLISH_BUMP_MS);
    const row = await setPublished(tx, ref.id, ref.isPublished, { now, bumpAfter });
    if (!hold) return { row, hinted: await tellOfNewPrice(tx, post, row, now) };
    return holdWithNotice(tx, row, now);
  });
  deps.live.hint(hinted);
  return row;
}

/**
 * Held for a moderator (copy-paste text, on publishing or on a live edit): its owner is told why it
 * does not show (issue 33).
 */
async function holdWithNotice(tx: Executor, row: PostRecord, now: Date) {
  const held = await holdPost(tx, row);
  const news = {
    userId: row.userId,
    kind: 'moderation' as const,
    groupKey: `moderation:post-held:${row.id}:${now.getTime()}`,
    mode: 'once' as const,
    postId: row.id,
    subject: row.name,
    detail: 'post-held',
    link: `/posts/${row.id}`,
  };
  return { row: held, hinted: await raiseNotification(tx, news, now) };
}

/**
 * Showing another price than it last showed, published again or edited live (issue 34): those who
 * saved it hear of the new price (issue 33), once per change (the row is replaced, not added to).
 */
function tellOfNewPrice(tx: Executor, before: PostRecord, after: PostRecord, now: Date) {
  const repriced =
    after.isPublished && before.publicPrice !== null && before.publicPrice !== after.publicPrice;
  if (!repriced) return Promise.resolve([]);
  const price = formatPrice(after.price, after.type, after.currency);
  return tellSavers(tx, { post: after, kind: 'favourite-price', price }, now);
}

/** Marks the actor's published post available, reserved or sold (issue 14); a sold post can be relisted. */
export async function setPostStatus(deps: Deps, actor: SignedInActor, postId: number, status: PostStatus) {
  const now = deps.clock.now();
  const { row, hinted } = await deps.database.db.transaction(async (tx) => {
    const before = await loadPostFor(tx, actor, 'setStatus', { id: postId }, { forUpdate: true });
    const row = await setStatus(tx, postId, status, now);
    // Those who saved it hear it sold (issue 33).
    const sold = status === 'sold' && before.status !== 'sold';
    return { row, hinted: sold ? await tellSavers(tx, { post: row, kind: 'favourite-sold' }, now) : [] };
  });
  deps.live.hint(hinted);
  return row;
}

/** Renews the actor's expired post (issue 14): back in the feeds, at the top; 409 when not expired. */
export async function renewPost(deps: Deps, actor: SignedInActor, postId: number) {
  return deps.database.db.transaction(async (tx) => {
    const post = await loadPostFor(tx, actor, 'renew', { id: postId }, { forUpdate: true });
    if (!isExpired(post, listingCutoff(deps))) throw conflict(MSG.expiry.notExpired);
    return renewPublished(tx, postId, deps.clock.now());
  });
}

/**
 * Deletes the actor's post with its images (rows and files), likes, comments, views and reports.
 * Its comments and then its row are locked first (the order the comment calls lock them): a like,
 * comment or view in flight holds a key-share lock on the post, so the delete waits for it and then
 * takes its rows along; one that comes after finds no post (404).
 */
export async function deletePost(deps: Deps, log: FastifyBaseLogger, actor: SignedInActor, postId: number) {
  const keys = await deps.database.db.transaction(async (tx) => {
    // Refused before anything is locked; checked again under the lock (it may have changed).
    await loadPostFor(tx, actor, 'delete', { id: postId });
    await lockPostDeletion(tx, postId);
    await lockCommentsOf(tx, postId);
    await loadPostFor(tx, actor, 'delete', { id: postId }, { forUpdate: true });
    return deletePostRows(tx, postId);
  });
  await removeUnusedFiles(deps, log, keys);
}

/** The user's own posts (published or not), newest first, each with its cover image and its counts. */
export async function listMyPosts(deps: Deps, actor: SignedInActor): Promise<MyPost[]> {
  const { database } = deps;
  const cutoff = listingCutoff(deps);
  const rows = await listPostsByUser(database.db, actor.id);
  const covers = await findCovers(
    database.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const cover = covers.get(row.id);
    return {
      ...presentPost(row, cover ? presentImage(cover) : null),
      stats: { views: row.viewCount, likes: row.likeCount, comments: row.commentCount },
      expired: isExpired(row, cutoff),
    };
  });
}
