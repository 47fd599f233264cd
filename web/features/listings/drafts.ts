// Drafts kept on the device (decision 026): a form's fields are written to localStorage as they are
// typed (synchronously, so a power cut loses at most the last key), its chosen images to IndexedDB
// (draft-images.ts, loaded only when a draft has images). Keys name the signed-in user, so another
// account on the same phone never sees them; signing out removes them all (auth-store.ts).
import { DRAFT_PREFIX } from '../../lib/draft-keys';

/** The storage key of a form's draft: one per user and form ('create:product:Sell', 'edit:42'). */
export const draftId = (userId: number, form: string) => `${DRAFT_PREFIX}${userId}:${form}`;

export interface DraftRecord<F> {
  fields: F;
  /** How many images the draft holds in IndexedDB (0 or absent: none). */
  images?: number;
  /** create-post's Idempotency-Key of the attempt under way (kept until the post is created). */
  createKey?: string;
  /** Sent while offline: the form sends it when the connection returns. */
  queued?: boolean;
}

export const draftImages = () => import('./draft-images');

export function readDraft<F>(id: string): DraftRecord<F> | null {
  try {
    return JSON.parse(localStorage.getItem(id) ?? 'null') as DraftRecord<F> | null;
  } catch {
    return null;
  }
}

export function writeDraft<F>(id: string, record: DraftRecord<F>) {
  try {
    localStorage.setItem(id, JSON.stringify(record));
  } catch {
    // Storage full or refused (private mode): the form works without a draft.
  }
}

export function removeDraft(id: string) {
  const images = readDraft(id)?.images;
  localStorage.removeItem(id);
  if (images)
    void draftImages()
      .then((store) => store.deleteImages(id))
      .catch(() => undefined);
}
