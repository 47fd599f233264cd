// Which stored variant the post detail's image loads (decision 018): the browser picks from a srcset
// of the variants at their real widths by the width `sizes` says the image is drawn at, so a phone
// takes `medium` (or `thumb`) and only the full-screen gallery asks for `full` by its URL.
import type { ImageDto } from '../../../shared/api-types';
import { type ImageVariant, variantWidth } from '../../../shared/image-variants';

/** The variants an image has, smallest first (images stored before `medium` existed lack it). */
function variants(image: ImageDto): Array<[ImageVariant, string]> {
  const all: Array<[ImageVariant, string | undefined]> = [
    ['thumb', image.thumbUrl],
    ['medium', image.mediumUrl],
    ['full', image.url],
  ];
  return all.filter((entry): entry is [ImageVariant, string] => Boolean(entry[1]));
}

/**
 * `url width` for each variant, at the width it was stored at (never enlarged: a small upload's
 * variants are the same size, and only the first of equal widths is offered).
 */
export function imageSrcSet(image: ImageDto): string {
  const candidates: string[] = [];
  let widest = 0;
  for (const [variant, url] of variants(image)) {
    const width = variantWidth(image, variant);
    if (width <= widest) continue;
    candidates.push(`${url} ${width}w`);
    widest = width;
  }
  return candidates.join(', ');
}

// The detail's image slot (post-detail-view.tsx, routes/post.tsx and routes/home.tsx): the page is
// max-w-6xl (1152 px) with px-4 (16 px each side); from lg (1024 px) the image is the first of two
// columns with gap-6 (24 px) between them. So: 100vw - 32px on phones and tablets (328 px on a 360 px
// phone), half of 100vw - 56px from 1024 px, and 548 px once the page stops growing.
const SLOT: Array<[media: string, width: string]> = [
  ['(min-width: 1152px) ', '548px'],
  ['(min-width: 1024px) ', '50vw - 28px'],
  ['', '100vw - 32px'],
];
const SLOT_ASPECT = 4 / 3;

/**
 * The `sizes` of the detail's image: the slot's width, or for an image narrower than the 4:3 frame
 * (a portrait photo, drawn with object-contain) the part of it the image fills.
 */
export function detailImageSizes(image: Pick<ImageDto, 'width' | 'height'>): string {
  const fill = Number(Math.min(1, image.width / image.height / SLOT_ASPECT).toFixed(3));
  const size = (width: string) => {
    if (fill < 1) return `calc((${width}) * ${fill})`;
    return width.includes(' ') ? `calc(${width})` : width;
  };
  return SLOT.map(([media, width]) => media + size(width)).join(', ');
}
