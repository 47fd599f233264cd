// Favourites rules (issue 14): a signed-in user saves a post they can see, and lists their saved posts,
// each marked with whether it is still listed (issue 34). Saving and unsaving are idempotent: a second save keeps the first row (and its
// place in the list), unsaving what is not saved does nothing.
import { LIMITS } from '../../../shared/catalog';
import { MSG } from '../../../shared/messages';
import type { SavedAvailability } from '../../../shared/post-status';
import type { SignedInActor } from '../../actor';
import { decodeCursor, encodeCursor } from '../../db/keyset';
import type { Deps } from '../../deps';
import { badRequest } from '../../errors';
import {
  type ExpiryDeps,
  isExpired,
  listingCutoff,
  type PostWithAuthor,
  postVisibility,
  presentImage,
  presentPost,
  requireVisiblePost,
} from '../posts';
import { deleteFavourite, insertFavourite, listFavourites, savedAmong } from './repo';

type Db = Pick<Deps, 'database'>;

/** Saves the post; a post the actor cannot see (or that does not exist) is a 404. */
export async function saveFavourite({ database }: Db, postId: number, actor: SignedInActor) {
  await database.db.transaction(async (tx) => {
    // Key share: the post cannot be deleted between the check and the insert (the row references it).
    await requireVisiblePost(tx, postId, actor, { lock: 'key share' });
    await insertFavourite(tx, actor.id, postId);
  });
  return { postId, saved: true };
}

/**
 * Unsaves the post. No visibility check: removing one's own row shows nothing about the post, and a
 * post that was hidden since it was saved can still be let go.
 */
export async function removeFavourite({ database }: Db, postId: number, actor: SignedInActor) {
  await deleteFavourite(database.db, actor.id, postId);
  return { postId, saved: false };
}

/** Which of the asked posts the actor has saved. */
export async function savedPostIds({ database }: Db, postIds: number[], actor: SignedInActor) {
  return { postIds: await savedAmong(database.db, actor, postIds) };
}

/**
 * A page of the actor's saved posts, newest saved first, in the feeds' page size. The cursor is the
 * last row's (saved_at, post_id): saves made while paging land before it, so nothing repeats or is
 * skipped.
 */
export async function favouritesPage(deps: Db & ExpiryDeps, actor: SignedInActor, cursor?: string) {
  const { database } = deps;
  const after = cursor ? decodeCursor(cursor) : undefined;
  if (cursor && !after) throw badRequest(MSG.errors.invalidInput, { cursor: MSG.errors.invalidInput });
  const size = LIMITS.postsPageSize;
  const rows = await listFavourites(database.db, actor.id, { after, limit: size + 1 });
  const cutoff = listingCutoff(deps);
  const shown = rows.slice(0, size);
  const last = shown.at(-1);
  return {
    posts: shown.map((row) => presentSaved(row, availabilityOf(row, cutoff))),
    nextCursor: rows.length > size && last ? encodeCursor({ at: last.position, id: last.id }) : null,
  };
}

/** What became of a saved post: out of the public's sight first, then sold, then expired. */
function availabilityOf(post: PostWithAuthor, cutoff: Date): SavedAvailability {
  if (!postVisibility.canSee(null, post)) return 'unavailable';
  if (post.status === 'sold') return 'sold';
  return isExpired(post, cutoff) ? 'expired' : 'listed';
}

/**
 * A saved post as /saved shows it. Only a listed one carries its seller's number. One out of sight
 * keeps its name and type (what the saver saw) and nothing else: no price, place, details or image
 * (its images are its owner's and moderators' now), and it reads as unpublished whatever the reason.
 */
function presentSaved(
  row: PostWithAuthor & { cover: Parameters<typeof presentImage>[0] | null },
  availability: SavedAvailability,
) {
  if (availability !== 'unavailable') {
    const post = presentPost(row, row.cover ? presentImage(row.cover) : null);
    return { ...post, phoneNumber: availability === 'listed' ? post.phoneNumber : '', availability };
  }
  const blank = {
    price: '',
    paymentMethods: '',
    details: '',
    location: '',
    isPublished: false,
    moderation: 'visible' as const,
  };
  const post = presentPost({ ...row, ...blank, scamSignals: [] }, null);
  return { ...post, phoneNumber: '', availability };
}
