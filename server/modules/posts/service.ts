// Listing rules: create (unpublished), edit (owner, only while unpublished), publish and unpublish
// (owner), and the owner's dashboard list. Reads-then-writes run in one transaction with the post row
// locked, so a concurrent publish cannot slip between the check and the edit.
import type { z } from 'zod';
import type { PostWrapper } from '../../../shared/api-types';
import type { PostType } from '../../../shared/catalog';
import { MSG } from '../../../shared/messages';
import type { postInputSchema } from '../../../shared/validation';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import type { PublicUser } from '../users/repo';
import { authorizePost, type PostAction } from './policy';
import { presentImage, presentPost } from './presenter';
import {
  findCovers,
  findPost,
  insertPost,
  listPostsByUser,
  type PostFields,
  type PostRecord,
  setPublished,
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
});

/**
 * The post the client names by id and type, if the user may do `action` with it. A wrong type is
 * the same as a missing post: the spec's client addresses an item as (type, id).
 */
export async function loadPostFor(
  db: Executor,
  user: PublicUser | null,
  action: PostAction,
  ref: { id: number; type?: PostType },
  options: { forUpdate?: boolean } = {},
): Promise<PostRecord> {
  const post = await findPost(db, ref.id, options);
  if (!post || (ref.type !== undefined && post.type !== ref.type)) throw notFound(MSG.postDetail.notFound);
  authorizePost(user, action, post);
  return post;
}

export async function createPost({ database }: Deps, user: PublicUser, input: ParsedPostInput) {
  return insertPost(database.db, user.id, toFields(input));
}

export async function editPost(
  { database }: Deps,
  user: PublicUser,
  input: ParsedPostInput & { id: number },
) {
  return database.db.transaction(async (tx) => {
    await loadPostFor(tx, user, 'edit', input, { forUpdate: true });
    const { type: _type, ...fields } = toFields(input);
    return updatePostFields(tx, input.id, fields);
  });
}

export async function setPublishState(
  { database }: Deps,
  user: PublicUser,
  ref: { id: number; type: PostType; isPublished: boolean },
) {
  return database.db.transaction(async (tx) => {
    await loadPostFor(tx, user, 'publish', ref, { forUpdate: true });
    return setPublished(tx, ref.id, ref.isPublished);
  });
}

/** The user's own posts (published or not), newest first, each with its cover image. */
export async function listMyPosts({ database }: Deps, user: PublicUser): Promise<PostWrapper[]> {
  const rows = await listPostsByUser(database.db, user.id);
  const covers = await findCovers(
    database.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const cover = covers.get(row.id);
    return presentPost(row, cover ? presentImage(cover) : null);
  });
}
