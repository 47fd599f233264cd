// Image rules (DESIGN §4): only the owner uploads or deletes, at most 5 per post counting the stored
// ones, at most 2 uploads per user at once, files are written before their rows commit, and a failed
// request leaves nothing behind (no image, no row, no temp file).
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ImageDto } from '../../../shared/api-types';
import { LIMITS, type PostType } from '../../../shared/catalog';
import { postIdSchema, postTypeSchema } from '../../../shared/contract/post-ref';
import { MSG } from '../../../shared/messages';
import type { Actor, SignedInActor } from '../../actor';
import type { Deps } from '../../deps';
import { badRequest, notFound } from '../../errors';
import { type Storage, StorageUnavailableError } from '../../infra/storage';
import { loadPostFor, presentImage } from '../posts';
import { tooManyImages, uploadsInProgress } from './errors';
import { makeVariants } from './pipeline';
import {
  countImages,
  deleteImage,
  findImage,
  insertImages,
  keysInUse,
  keysOf,
  listImages,
  type NewImage,
} from './repo';
import { readUpload, type SpooledFile } from './upload-reader';
import { UploadSpool, uploadTempRoot } from './upload-spool';

const uploadFields = z.object({ postId: postIdSchema, type: postTypeSchema });

function parseFields(fields: Record<string, string>) {
  const parsed = uploadFields.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '_')] ??= issue.message;
  throw badRequest(Object.values(errors)[0] ?? MSG.errors.invalidInput, errors);
}

const newKey = (postId: number) => `posts/${postId}/${randomBytes(12).toString('hex')}`;

async function removeFiles(storage: Storage, log: FastifyBaseLogger, keys: string[]) {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  results.forEach((result, i) => {
    if (result.status !== 'rejected') return;
    // A store that is down is one line per file, not a stack: the orphan sweep removes it later.
    if (result.reason instanceof StorageUnavailableError)
      log.warn(
        { reason: result.reason.reason, key: keys[i] },
        'image file not removed; left to the orphan sweep',
      );
    else log.error({ err: result.reason, key: keys[i] }, 'image file not removed');
  });
}

/**
 * Removes the files of image rows that were deleted (after their transaction committed: a crash
 * between leaves an orphan file for the sweep, never a row without its file), keeping any file
 * another row still names.
 */
export async function removeUnusedFiles(
  { database, storage }: Pick<Deps, 'database' | 'storage'>,
  log: FastifyBaseLogger,
  keys: string[],
) {
  const inUse = await keysInUse(database.db, keys);
  await removeFiles(
    storage,
    log,
    keys.filter((key) => !inUse.has(key)),
  );
}

/** POST /api/files/upload: the new images, in the order they were sent. */
export async function uploadImages(
  deps: Deps,
  request: FastifyRequest,
  actor: SignedInActor,
): Promise<ImageDto[]> {
  const release = deps.uploadSlots.tryTake(actor.id);
  if (!release) throw uploadsInProgress();
  const spool = new UploadSpool(uploadTempRoot(deps.config.dataDir));
  try {
    const { files, target } = await readUpload(
      request,
      spool,
      async (fields) => {
        const ref = parseFields(fields);
        const post = await loadPostFor(deps.database.db, actor, 'manageImages', {
          id: ref.postId,
          type: ref.type,
        });
        return { post, existing: await countImages(deps.database.db, post.id) };
      },
      { idleMs: deps.config.uploadIdleMs },
    );
    return await storeImages(deps, request.log, actor, target.post.id, files);
  } finally {
    // Success, refusal, a client gone mid-file or an error: the slot frees, and the temp files go. The
    // slot first: once the files are gone the user can upload again (removing them takes a moment).
    release();
    await spool.remove().catch((err) => request.log.error({ err }, 'upload temp files not removed'));
  }
}

/** Processes the received files into stored variants and their rows, or leaves nothing behind. */
async function storeImages(
  { database, storage }: Deps,
  log: FastifyBaseLogger,
  actor: SignedInActor,
  postId: number,
  files: SpooledFile[],
): Promise<ImageDto[]> {
  const written: string[] = [];
  try {
    const images: NewImage[] = [];
    for (const file of files) {
      const variants = await makeVariants(file.path);
      const key = newKey(postId);
      const image = {
        thumbKey: `${key}-thumb.webp`,
        mediumKey: `${key}-medium.webp`,
        fullKey: `${key}-full.webp`,
      };
      // Files first, rows after: a committed row always has its files.
      for (const [fileKey, bytes] of [
        [image.thumbKey, variants.thumb],
        [image.mediumKey, variants.medium],
        [image.fullKey, variants.full],
      ] as const) {
        written.push(fileKey);
        await storage.put(fileKey, bytes, 'image/webp');
      }
      images.push({
        ...image,
        width: variants.width,
        height: variants.height,
        bytes: variants.thumb.length + variants.medium.length + variants.full.length,
      });
    }
    const rows = await database.db.transaction(async (tx) => {
      // Lock the post and count again: two uploads at once must not pass 5 between them.
      await loadPostFor(tx, actor, 'manageImages', { id: postId }, { forUpdate: true });
      if ((await countImages(tx, postId)) + images.length > LIMITS.imagesPerPost) throw tooManyImages();
      return insertImages(tx, postId, images);
    });
    return rows.map(presentImage);
  } catch (error) {
    await removeFiles(storage, log, written);
    throw error;
  }
}

/** GET /api/files/{type}/{postId}: the post's images, if the caller may see the post. */
export async function imagesOfPost(
  { database }: Deps,
  actor: Actor,
  ref: { postId: number; type: PostType },
): Promise<ImageDto[]> {
  const post = await loadPostFor(database.db, actor, 'read', { id: ref.postId, type: ref.type });
  return (await listImages(database.db, post.id)).map(presentImage);
}

/** DELETE /api/files/{imageId}: removes the row, then its files; returns the post's remaining images. */
export async function removeImage(
  deps: Deps,
  log: FastifyBaseLogger,
  actor: SignedInActor,
  imageId: number,
): Promise<ImageDto[]> {
  const { image, remaining } = await deps.database.db.transaction(async (tx) => {
    const image = await findImage(tx, imageId);
    if (!image) throw notFound(MSG.errors.notFound);
    await loadPostFor(tx, actor, 'manageImages', { id: image.postId }, { forUpdate: true });
    await deleteImage(tx, image.id);
    return { image, remaining: await listImages(tx, image.postId) };
  });
  await removeUnusedFiles(deps, log, keysOf(image));
  return remaining.map(presentImage);
}
