import { ImageOff } from 'lucide-react';
import type { SyntheticEvent } from 'react';

const SIZES = {
  /** A card's cover: the phone card's small thumbnail box, the wide card's cover from sm. */
  small: { box: 'gap-1 p-2 sm:gap-2 sm:p-4', icon: 'size-5 sm:size-7', text: 'text-xs sm:text-sm' },
  large: { box: 'gap-2 p-4', icon: 'size-10', text: 'text-base' },
} as const;

/** Fills its sized parent when a post has no image, so the layout never moves. */
export function ImagePlaceholder({ text, size = 'small' }: { text: string; size?: keyof typeof SIZES }) {
  const style = SIZES[size];
  return (
    <div
      className={`flex size-full flex-col items-center justify-center bg-slate-100 text-center text-slate-600 ${style.box}`}
    >
      <ImageOff aria-hidden="true" className={style.icon} />
      <p className={style.text}>{text}</p>
    </div>
  );
}

/** The picture shown in place of an image that failed to load (an inline SVG: no extra request). */
export const PLACEHOLDER_IMAGE_URL = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">' +
    '<rect width="800" height="600" fill="#e2e8f0"/>' +
    '<g fill="none" stroke="#64748b" stroke-width="12" stroke-linecap="round" stroke-linejoin="round">' +
    '<rect x="310" y="220" width="180" height="140" rx="14"/><circle cx="360" cy="265" r="16"/>' +
    '<path d="m310 330 50-45 40 35 30-25 60 50"/></g></svg>',
)}`;

/** An <img> onError handler: swap in the placeholder (once; the placeholder itself cannot fail). */
export function showPlaceholderOnError(event: SyntheticEvent<HTMLImageElement>) {
  const img = event.currentTarget;
  if (img.src !== PLACEHOLDER_IMAGE_URL) img.src = PLACEHOLDER_IMAGE_URL;
}
