// The detail view's large image (the first image, at the variant that fits its slot on this screen:
// image-sources.ts) and, for several images, a row of thumbnails; any of them opens the full-screen
// gallery at that image, the only place the full variant is asked for.
import { Images } from 'lucide-react';
import { useState } from 'react';
import type { ImageDto } from '../../../../shared/api-types';
import { MSG } from '../../../../shared/messages';
import {
  ImagePlaceholder,
  PLACEHOLDER_IMAGE_URL,
  showPlaceholderOnError,
} from '../../../components/ui/image-placeholder';
import { detailImageSizes, imageSrcSet } from '../image-sources';
import { Gallery } from './gallery';

const FRAME = 'aspect-[4/3] w-full overflow-hidden rounded-xl bg-slate-100';

export function PostImages({ images, name }: { images: ImageDto[]; name: string }) {
  const [galleryAt, setGalleryAt] = useState<number | null>(null);
  // A size that fails (a medium file lost, e.g. swept by an older release) falls back to the full
  // image alone, and that failing too to the placeholder.
  const [mainFallback, setMainFallback] = useState<'sizes' | 'full' | 'placeholder'>('sizes');
  const mainFailed = mainFallback === 'placeholder';
  const first = images[0];

  if (!first) {
    return (
      <div className={FRAME}>
        <ImagePlaceholder text={MSG.images.noneForPost} size="large" />
      </div>
    );
  }
  const count = images.length;
  return (
    <div className="space-y-2">
      <button
        type="button"
        onClick={() => setGalleryAt(0)}
        aria-label={count > 1 ? `Open the photos of ${name} (${count})` : `Open the photo of ${name}`}
        className={`${FRAME} group relative block cursor-zoom-in focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700`}
      >
        {/* sizes and srcSet before src: the browser must know them when it picks what to fetch. */}
        <img
          sizes={mainFallback === 'sizes' ? detailImageSizes(first) : undefined}
          srcSet={mainFallback === 'sizes' ? imageSrcSet(first) : undefined}
          src={
            mainFailed
              ? PLACEHOLDER_IMAGE_URL
              : mainFallback === 'full'
                ? first.url
                : (first.mediumUrl ?? first.url)
          }
          width={mainFailed ? 800 : first.width}
          height={mainFailed ? 600 : first.height}
          alt=""
          onError={() => setMainFallback((was) => (was === 'sizes' ? 'full' : 'placeholder'))}
          className="size-full object-contain"
        />
        {count > 1 ? (
          <span className="absolute right-2 bottom-2 inline-flex items-center gap-1 rounded-full bg-slate-900/75 px-2.5 py-1 text-sm font-medium text-white">
            <Images aria-hidden="true" className="size-4" />
            {count}
          </span>
        ) : null}
      </button>
      {count > 1 ? (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Photos">
          {images.map((image, i) => (
            <li key={image.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setGalleryAt(i)}
                aria-label={`Open photo ${i + 1} of ${count}`}
                className="block h-12 w-16 overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                <img
                  src={image.thumbUrl}
                  width={64}
                  height={48}
                  alt=""
                  loading="lazy"
                  onError={showPlaceholderOnError}
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {galleryAt !== null ? (
        <Gallery images={images} name={name} startIndex={galleryAt} onClose={() => setGalleryAt(null)} />
      ) : null}
    </div>
  );
}
