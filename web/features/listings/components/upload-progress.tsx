// The upload's progress: bytes sent out of the request's total, as the browser reports them.
import { useId } from 'react';
import { formatBytes } from '../../../../shared/format';
import type { UploadProgress as Progress } from '../upload';

/** `progress` null: the images are being prepared (downscaled) and nothing has been sent yet. */
export function UploadProgress({ progress }: { progress: Progress | null }) {
  const id = useId();
  const total = progress?.total ?? 0;
  const loaded = Math.min(progress?.loaded ?? 0, total);
  const percent = total > 0 ? Math.round((loaded / total) * 100) : 0;
  const sizes = progress ? `${formatBytes(loaded)} of ${formatBytes(total)}` : '';
  return (
    <div className="space-y-1.5 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <div className="flex flex-wrap justify-between gap-x-3 text-sm">
        <span id={id} className="font-medium text-slate-800">
          {progress ? 'Uploading images' : 'Preparing images...'}
        </span>
        <span className="text-slate-700 tabular-nums">{progress ? `${sizes} (${percent}%)` : ''}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={total || undefined}
        aria-valuenow={progress ? loaded : undefined}
        aria-valuetext={progress ? `${percent}%, ${sizes}` : undefined}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-700 transition-[width] duration-200"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
