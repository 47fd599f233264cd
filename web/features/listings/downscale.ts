// Shrinks big photos in the browser before they are uploaded: a phone photo of 4-5 MB becomes a few
// hundred KB at the size the server keeps anyway (1600 px wide), which matters where data is paid by
// the megabyte. The server never depends on it; any failure keeps the original file.
import { IMAGE_VARIANT_WIDTHS, MAX_IMAGE_ASPECT } from '../../../shared/image-variants';

/** The server's full variant: at most 1600 px wide, 3x that high (shared/image-variants.ts). */
const MAX_WIDTH = IMAGE_VARIANT_WIDTHS.full;
const MAX_HEIGHT = MAX_WIDTH * MAX_IMAGE_ASPECT;
/** Smaller files that already fit are sent as they are. */
const SHRINK_ABOVE_BYTES = 1_000_000;
/** What the server accepts; anything else the browser can decode (HEIC on Safari) is converted. */
const SERVER_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
const QUALITY = 0.9;

const prepared = new WeakMap<File, Promise<File>>();

/** The file to upload for a picked image; the work is done once per file, so a retry reuses it. */
export function prepareForUpload(file: File): Promise<File> {
  let result = prepared.get(file);
  if (!result) {
    result = downscale(file).catch(() => file);
    prepared.set(file, result);
  }
  return result;
}

async function downscale(file: File): Promise<File> {
  // An animated GIF would lose its animation; the browser may not decode every type.
  if (file.type === 'image/gif' || typeof createImageBitmap !== 'function') return file;
  // Modern browsers apply the EXIF orientation here; the re-encoded file carries no metadata (GPS).
  const bitmap = await createImageBitmap(file);
  try {
    const { width, height } = bitmap;
    const convert = !SERVER_TYPES.has(file.type);
    if (!convert && file.size <= SHRINK_ABOVE_BYTES && width <= MAX_WIDTH && height <= MAX_HEIGHT)
      return file;
    const scale = Math.min(1, MAX_WIDTH / width, MAX_HEIGHT / height);
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    const blob = await encode(bitmap, w, h);
    if (!blob || (!convert && blob.size >= file.size)) return file;
    const extension = blob.type === 'image/webp' ? 'webp' : 'jpg';
    const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.${extension}`;
    return new File([blob], name, { type: blob.type, lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}

async function encode(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  const toBlob = (type: string) =>
    new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, QUALITY));
  // WebP where the browser can write it (it then says so in the blob's type), JPEG otherwise.
  const webp = await toBlob('image/webp');
  if (webp?.type === 'image/webp') return webp;
  // JPEG has no transparency: a transparent PNG goes on white, not black.
  context.globalCompositeOperation = 'destination-over';
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  return toBlob('image/jpeg');
}
