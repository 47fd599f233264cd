// The picker's rules (spec §5): at most 5 images per post, 5,242,880 bytes each, image files only.
// The size rule applies to the file the user picked, before any downscaling.
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
  /** The files that may be added, in the order picked. */
  accepted: File[];
  /** The spec's messages for the files left out, each once. */
  errors: string[];
}

/** Which of `picked` may join the `current` images; the ones that break a rule are left out. */
export function pickImages(current: number, picked: readonly File[]): PickResult {
  const errors = new Set<string>();
  const accepted: File[] = [];
  for (const file of picked) {
    if (!isImageFile(file)) errors.add(MSG.images.notImage);
    else if (file.size > LIMITS.imageBytes) errors.add(MSG.images.tooBig);
    else if (current + accepted.length >= LIMITS.imagesPerPost) errors.add(MSG.images.tooMany);
    else accepted.push(file);
  }
  return { accepted, errors: [...errors] };
}
