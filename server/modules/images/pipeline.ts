// From uploaded bytes to the three stored variants (DESIGN §4): sniff the real type by magic bytes,
// decode with a pixel limit (decompression bombs), auto-rotate, drop all metadata (GPS), and encode
// WebP `thumb` (480 px wide: cards), `medium` (1024 px: the post detail on a phone, decision 018) and
// `full` (1600 px wide: the gallery, larger screens), never upscaled.
import { readFile } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import { IMAGE_VARIANT_WIDTHS, MAX_IMAGE_ASPECT } from '../../../shared/image-variants';
import { MAX_INPUT_PIXELS, notAnImage, tooManyPixels } from './errors';
import { Semaphore } from './semaphore';

export const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
/** file-type decides from the first bytes; this many are enough for every accepted type. */
export const SNIFF_BYTES = 4100;

// Tuned with bench/images.ts against DESIGN §7 (thumb <= 60 KB, full <= 350 KB, <= 400 ms; medium
// <= 200 KB, the bench's own budget). Effort 2 on the full variant halves its encode time for ~4% more
// bytes; thumbs and mediums are fetched on every feed page and every detail on a phone, so they get
// the slower, tighter encode, and a medium is seen downscaled on most phones, so quality 65 is enough.
export const VARIANTS = {
  thumb: { width: IMAGE_VARIANT_WIDTHS.thumb, quality: 65, effort: 4 },
  medium: { width: IMAGE_VARIANT_WIDTHS.medium, quality: 65, effort: 4 },
  full: { width: IMAGE_VARIANT_WIDTHS.full, quality: 70, effort: 2 },
} as const;

// Very tall images are bounded by height too (WebP cannot exceed 16383 px; nobody needs a 1600x40000).
const box = (width: number) => ({
  width,
  height: width * MAX_IMAGE_ASPECT,
  fit: 'inside' as const,
  withoutEnlargement: true,
});

export interface Variants {
  thumb: Buffer;
  medium: Buffer;
  full: Buffer;
  /** Dimensions of the full variant, so the client can reserve the space before it loads. */
  width: number;
  height: number;
}

/** Throws 415 unless the bytes start like one of the accepted image types. */
export async function assertImageType(head: Buffer): Promise<void> {
  const type = await fileTypeFromBuffer(head);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) throw notAnImage();
}

// At most two images are decoded and encoded at once, across all requests: each holds its input
// (up to 5 MB), up to 1600x4800 RGBA pixels and sharp's working buffers, so parallel uploads must not
// multiply that (DESIGN §7: RSS <= 200 MB). sharp still uses every core within one image.
const processing = new Semaphore(2);

/** The variants of an image given as bytes or as the path of a file (read only once its turn comes). */
export async function makeVariants(input: Buffer | string): Promise<Variants> {
  return processing.run(async () => {
    const bytes = typeof input === 'string' ? await readFile(input) : input;
    await assertImageType(bytes.subarray(0, SNIFF_BYTES));
    return encodeVariants(bytes);
  });
}

// sharp (libvips) is loaded at the first upload, not at start: most requests never touch an image,
// and the library's memory counts against every instance's RSS (DESIGN §7).
let loadingSharp: Promise<typeof import('sharp')> | undefined;
async function loadSharp() {
  loadingSharp ??= import('sharp');
  return (await loadingSharp).default;
}

async function encodeVariants(input: Buffer): Promise<Variants> {
  const sharp = await loadSharp();
  try {
    // Decode once (JPEG shrink-on-load makes this cheap), at the full variant's size, as 8-bit sRGB
    // pixels; every variant is encoded from those pixels. failOn 'error': phones write slightly
    // broken files that still decode fine. Raw pixels carry no metadata, so EXIF/GPS/XMP are gone.
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize(box(VARIANTS.full.width))
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const smaller = (variant: (typeof VARIANTS)['thumb' | 'medium']) =>
      sharp(data, pixels)
        .resize(box(variant.width))
        .webp({ quality: variant.quality, effort: variant.effort })
        .toBuffer();
    const [full, medium, thumb] = await Promise.all([
      sharp(data, pixels).webp({ quality: VARIANTS.full.quality, effort: VARIANTS.full.effort }).toBuffer(),
      smaller(VARIANTS.medium),
      smaller(VARIANTS.thumb),
    ]);
    return { full, medium, thumb, width: info.width, height: info.height };
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) throw tooManyPixels();
    throw notAnImage();
  }
}
