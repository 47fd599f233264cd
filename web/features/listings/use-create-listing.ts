// Create-then-upload (DESIGN §4): create-post once, then upload the images to that post. When the
// upload fails the created post is kept, so a retry only uploads again (after an edit-post if the
// fields changed since); it never creates a second post. Each attempt to create carries the form's
// Idempotency-Key (decision 026): a create whose answer was lost (a dropped connection) answers the
// same post when sent again, with the fields it was first sent with, so changed fields follow by
// edit-post.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ImageDto, ItemDto } from '../../../shared/api-types';
import type { PostInput } from '../../../shared/validation';
import { inputOf, listingsKeys, useCreatePost, useEditPost } from './api';
import type { UploadProgress } from './upload';

/** The image steps load apart from the form (its first load stays small), fetched once it is shown. */
const imageSteps = () => Promise.all([import('./downscale'), import('./upload')]);

export type CreatePhase = 'idle' | 'saving' | 'preparing' | 'uploading';

export type CreateOutcome =
  | { ok: true; item: ItemDto; images: ImageDto[] }
  | { ok: false; stage: 'create' | 'edit' | 'upload'; error: unknown };

/** Whether `b` holds every field of `a` with the same value (key order aside). */
const sameInput = (a: PostInput, b: PostInput) =>
  Object.entries(a).every(([name, value]) => (b as Record<string, unknown>)[name] === value);

export function useCreateListing(userId: number) {
  const queryClient = useQueryClient();
  const create = useCreatePost(userId);
  const edit = useEditPost(userId);
  const [phase, setPhase] = useState<CreatePhase>('idle');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  /** The post created by an earlier attempt, with the input it now holds. */
  const [created, setCreated] = useState<{ item: ItemDto; input: PostInput } | null>(null);
  const abort = useRef<AbortController | null>(null);

  // The image steps are fetched while the user types; leaving the form stops an upload still running.
  useEffect(() => {
    void imageSteps().catch(() => undefined);
    return () => abort.current?.abort();
  }, []);

  async function submit(input: PostInput, files: File[], key: string): Promise<CreateOutcome> {
    let item = created?.item;
    setProgress(null);
    setPhase('saving');
    try {
      if (!item || !created) {
        item = await create.mutateAsync({ input, key });
        if (!sameInput(input, inputOf(item))) item = await edit.mutateAsync({ id: item.id, input });
      } else if (!sameInput(created.input, input)) {
        item = await edit.mutateAsync({ id: item.id, input });
      }
    } catch (error) {
      setPhase('idle');
      return { ok: false, stage: created ? 'edit' : 'create', error };
    }
    setCreated({ item, input });
    if (files.length === 0) {
      setPhase('idle');
      return { ok: true, item, images: [] };
    }

    try {
      setPhase('preparing');
      const [{ prepareForUpload }, { uploadImages }] = await imageSteps();
      const prepared = await Promise.all(files.map(prepareForUpload));
      setPhase('uploading');
      abort.current = new AbortController();
      const images = await uploadImages(
        { postId: item.id, type: item.type, files: prepared },
        setProgress,
        abort.current.signal,
      );
      await queryClient.invalidateQueries({ queryKey: listingsKeys.all });
      return { ok: true, item, images };
    } catch (error) {
      return { ok: false, stage: 'upload', error };
    } finally {
      abort.current = null;
      setPhase('idle');
    }
  }

  return { submit, phase, progress, created: created?.item ?? null };
}
