// A post's uploaded images: thumbnails with their real size reserved (no layout shift), each opening
// the full image.
import type { ImageDto } from '../../../../shared/api-types';
import { MSG } from '../../../../shared/messages';

export function ListingImages({ images, name }: { images: readonly ImageDto[]; name: string }) {
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
        <li key={image.id}>
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
        </li>
      ))}
    </ul>
  );
}
