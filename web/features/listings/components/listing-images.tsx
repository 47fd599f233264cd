// A post's uploaded images: thumbnails with their real size reserved (no layout shift), each opening
// the full image. With `onRemove` (the preview's Edit mode) each one also gets a remove button.
import { X } from 'lucide-react';
import type { ImageDto } from '../../../../shared/api-types';
import { MSG } from '../../../../shared/messages';

export function ListingImages({
  images,
  name,
  onRemove,
  isRemoving,
}: {
  images: readonly ImageDto[];
  name: string;
  onRemove?(image: ImageDto): void;
  isRemoving?(image: ImageDto): boolean;
}) {
  if (images.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
        {MSG.images.none}
      </p>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {images.map((image, index) => (
        <li key={image.id} className="relative">
          <a
            href={image.url}
            target="_blank"
            rel="noopener"
            className="block overflow-hidden rounded-lg bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            <img
              src={image.thumbUrl}
              width={image.width}
              height={image.height}
              alt={`${name} (${index + 1} of ${images.length})`}
              className="aspect-[4/3] w-full object-cover"
            />
            <span className="sr-only"> (opens full size in a new tab)</span>
          </a>
          {onRemove ? (
            // The picker's remove chip: a 44 px target with a smaller visible chip. A sibling of the
            // link, not inside it (no nested interactive elements).
            <button
              type="button"
              data-remove-image
              onClick={() => onRemove(image)}
              disabled={isRemoving?.(image) ?? false}
              aria-label={`Remove image ${index + 1}`}
              className="group absolute top-0 right-0 inline-flex size-11 items-center justify-center focus-visible:outline-none disabled:cursor-not-allowed"
            >
              <span className="inline-flex size-8 items-center justify-center rounded-full bg-slate-900/80 text-white shadow group-hover:bg-slate-900 group-focus-visible:outline-2 group-focus-visible:outline-white group-focus-visible:ring-4 group-focus-visible:ring-brand-700 group-disabled:opacity-50">
                <X aria-hidden="true" className="size-5" />
              </span>
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
