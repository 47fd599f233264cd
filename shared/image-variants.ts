// The stored sizes of an uploaded image (DESIGN §4): the server encodes them (server/modules/images/
// pipeline.ts) and the web names each one's real width in a srcset, so both read the widths here.
// `medium` is the post detail's image on a phone: a 360 px screen's 328 px slot at DPR 3 is 984 device
// pixels, which 1024 covers (browsers take the first candidate at least as dense as the screen, so a
// 960 px variant would send DPR-3 phones to `full`); decision 018.
export const IMAGE_VARIANT_WIDTHS = { thumb: 480, medium: 1024, full: 1600 } as const;
export type ImageVariant = keyof typeof IMAGE_VARIANT_WIDTHS;

/** Very tall images are bounded by height too: no variant is taller than 3 times its width. */
export const MAX_IMAGE_ASPECT = 3;

/**
 * The width of a variant of an image whose full variant is `full` (as stored: width and height):
 * fitted inside `width` x `width * 3` and never enlarged, as the pipeline resizes it.
 */
export function variantWidth(full: { width: number; height: number }, variant: ImageVariant): number {
  const box = IMAGE_VARIANT_WIDTHS[variant];
  const scale = Math.min(1, box / full.width, (box * MAX_IMAGE_ASPECT) / full.height);
  return Math.max(1, Math.round(full.width * scale));
}
