// The picker's rules (spec §5): at most 5 images per post, 5,242,880 bytes each, image files only.
// The size rule applies to the file that is uploaded (issue 34): a bigger photo is shrunk first, as the
// upload would shrink it, and refused only if it is still too big (or cannot be decoded to shrink).
import { LIMITS } from '../../../shared/catalog';
import { MSG } from '../../../shared/messages';

// Some Android pickers give HEIC photos no MIME type; the name still says what they are.
const IMAGE_NAME = /\.(jpe?g|png|webp|gif|avif|heic|heif)$/i;

/** An image by its type; SVG is a document the server does not take. */
function isImageFile(file: File): boolean {
  if (file.type === '') return IMAGE_NAME.test(file.name);
  return file.type.startsWith('image/') && file.type !== 'image/svg+xml';
}

export interface PickResult {
  /** The files to upload, in the order picked (a shrunk copy in place of a photo over the limit). */
  accepted: File[];
  /** The spec's messages for the files left out, each once. */
  errors: string[];
}

/** The file that would be uploaded for `file` (downscale.ts prepareForUpload; the original on failure). */
export type Shrink = (file: File) => Promise<File>;

/**
 * Which of `picked` may join the `current` images; the ones that break a rule are left out. Only a
 * file over the limit is shrunk here (the upload shrinks the others, reusing this work).
 */
export async function pickImages(
  current: number,
  picked: readonly File[],
  shrink: Shrink,
): Promise<PickResult> {
  const errors = new Set<string>();
  const accepted: File[] = [];
  for (const file of picked) {
    if (!isImageFile(file)) {
      errors.add(MSG.images.notImage);
      continue;
    }
    const sent = file.size > LIMITS.imageBytes ? await shrink(file) : file;
    if (sent.size > LIMITS.imageBytes) errors.add(MSG.images.tooBig);
    else if (current + accepted.length >= LIMITS.imagesPerPost) errors.add(MSG.images.tooMany);
    else accepted.push(sent);
  }
  return { accepted, errors: [...errors] };
}
