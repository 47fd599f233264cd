// A picked image before upload: shown from an object URL that lives exactly as long as the thumbnail
// (created when it mounts, revoked when it is removed or the form goes away).
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';

export function Thumbnail({ file, onRemove, disabled }: { file: File; onRemove(): void; disabled: boolean }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  return (
    <div className="relative aspect-square overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
      {url ? (
        <img src={url} alt={file.name} width={160} height={160} className="size-full object-cover" />
      ) : null}
      {/* A 44 px target with a smaller visible chip, so the photo stays visible on a phone. */}
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={`Remove ${file.name}`}
        className="group absolute top-0 right-0 inline-flex size-11 items-center justify-center focus-visible:outline-none disabled:cursor-not-allowed"
      >
        <span className="inline-flex size-8 items-center justify-center rounded-full bg-slate-900/80 text-white shadow group-hover:bg-slate-900 group-focus-visible:outline-2 group-focus-visible:outline-white group-focus-visible:ring-4 group-focus-visible:ring-brand-700 group-disabled:opacity-50">
          <X aria-hidden="true" className="size-5" />
        </span>
      </button>
    </div>
  );
}
