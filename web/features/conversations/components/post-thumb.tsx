// A conversation's post as a small square picture (its first image's thumbnail), or a plain tile.
import { Package } from 'lucide-react';

export function PostThumb({ url, size = 'size-12' }: { url: string | null; size?: string }) {
  return url ? (
    <img
      src={url}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
      className={`${size} shrink-0 rounded-lg bg-slate-100 object-cover`}
    />
  ) : (
    <span
      aria-hidden="true"
      className={`${size} inline-flex shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500`}
    >
      <Package className="size-5" />
    </span>
  );
}
