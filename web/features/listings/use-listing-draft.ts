// A listing form's draft on the device (decision 026; drafts.ts): the fields are written as they
// change, the chosen images when they change (IndexedDB, whose code loads only once there are images),
// and both are read back when the form opens. The hook holds the chosen images, so the draft's own
// are in place before anything is written back. `done()` after the post is saved stops the writing
// and removes the draft; `discard()` removes it (the form then resets its fields).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type DraftRecord, draftImages, readDraft, removeDraft, writeDraft } from './drafts';
import type { ListingFields } from './listing-fields';
import { type PickedImage, pickedOf } from './picked-image';

type Extra = Omit<DraftRecord<ListingFields>, 'fields' | 'images'>;

const sameFields = (a: ListingFields, b: ListingFields) =>
  (Object.keys(a) as Array<keyof ListingFields>).every((name) => a[name] === b[name]);

export function useListingDraft(id: string, blank: ListingFields) {
  const [saved] = useState(() => readDraft<ListingFields>(id));
  const [restored, setRestored] = useState(saved !== null);
  /** Null while the draft's images are being read. */
  const [images, setImages] = useState<PickedImage[] | null>(saved?.images ? null : []);
  const stopped = useRef(false);
  const hadImages = useRef(Boolean(saved?.images));

  useEffect(() => {
    if (images !== null) return;
    draftImages()
      .then((store) => store.loadImages(id))
      .catch(() => [])
      .then((files) => setImages(pickedOf(files)));
  }, [images, id]);

  // Images are written when they change (after the draft's own were read); the store's code loads
  // only when there is something to write or remove.
  useEffect(() => {
    if (images === null || stopped.current) return;
    if (images.length === 0 && !hadImages.current) return;
    hadImages.current = images.length > 0;
    const files = images.map((image) => image.file);
    void draftImages()
      .then((store) => (files.length ? store.saveImages(id, files) : store.deleteImages(id)))
      .catch(() => undefined);
  }, [images, id]);

  /** Writes the fields (and what the form adds) as they are now; an untouched form has no draft. */
  const save = useCallback(
    (fields: ListingFields, images: number, extra: Extra = {}) => {
      if (stopped.current) return;
      const untouched = images === 0 && !extra.createKey && sameFields(fields, blank);
      if (untouched) removeDraft(id);
      else writeDraft(id, { ...extra, fields, images });
    },
    [id, blank],
  );

  return {
    /** The fields to start from: the draft's, else `blank`. */
    initial: useMemo(() => (saved ? { ...blank, ...saved.fields } : blank), [saved, blank]),
    saved,
    images,
    /** How many images the draft holds: the chosen ones, or the draft's own while they are read. */
    imageCount: images?.length ?? saved?.images ?? 0,
    setImages,
    restored,
    save,
    discard() {
      removeDraft(id);
      hadImages.current = false;
      setImages([]);
      setRestored(false);
    },
    done() {
      stopped.current = true;
      removeDraft(id);
    },
  };
}
