// The full-screen gallery of a post's images: previous/next buttons, the arrow keys and swipes move
// between images, Escape, the close button or the phone's Back button leave (it is a history step of
// its own: web/lib/history-step.ts, as every dialog). Built on <dialog>, so focus stays inside while it is open and returns
// to the button that opened it. An image that fails to load shows a placeholder.
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { type KeyboardEvent, type TouchEvent, useLayoutEffect, useRef, useState } from 'react';
import type { ImageDto } from '../../../../shared/api-types';
import { MSG } from '../../../../shared/messages';
import { PLACEHOLDER_IMAGE_URL } from '../../../components/ui/image-placeholder';
import { useHistoryStep } from '../../../lib/history-step';

const SWIPE_PX = 50;
const NAV_BUTTON =
  'inline-flex size-12 items-center justify-center rounded-full bg-slate-900/75 text-white ring-1 ring-white/40 hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

export function Gallery({
  images,
  name,
  startIndex = 0,
  onClose,
}: {
  images: ImageDto[];
  /** The post's name: the dialog's label and the images' alt text. */
  name: string;
  startIndex?: number;
  onClose(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(() => Math.min(Math.max(startIndex, 0), Math.max(images.length - 1, 0)));
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());
  const touchX = useRef<number | null>(null);
  const count = images.length;
  // Mounted only while open; leaving closes it (its parent unmounts it), which goes back over its step.
  useHistoryStep(true, onClose);
  const leave = onClose;

  // Before paint: the dialog is never seen outside the modal state.
  const unmounting = useRef(false);
  useLayoutEffect(() => {
    const dialog = ref.current;
    unmounting.current = false;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      // This close is the component going (or React re-running the effect), not the reader leaving.
      unmounting.current = true;
      if (dialog?.open) dialog.close();
    };
  }, []);

  const move = (step: number) => {
    if (count > 1) setIndex((i) => (i + step + count) % count);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') move(1);
    else if (event.key === 'ArrowLeft') move(-1);
    else return;
    event.preventDefault();
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchX.current;
    const end = event.changedTouches[0]?.clientX;
    touchX.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
    move(end < start ? 1 : -1);
  };

  const image = images[index];
  return (
    <dialog
      ref={ref}
      aria-label={`${name}: photos`}
      // A close that was undone at once (React re-running the effect above) is not the reader leaving.
      onClose={() => {
        if (!unmounting.current && !ref.current?.open) leave();
      }}
      onKeyDown={onKeyDown}
      className="fixed inset-0 m-0 h-dvh max-h-none w-screen max-w-none flex-col bg-slate-950 open:flex p-0 text-white backdrop:bg-slate-950"
    >
      <div className="flex items-center justify-between gap-2 px-3 py-2">
        <p aria-live="polite" className="px-2 text-base font-medium">
          {count > 0 ? `${index + 1} of ${count}` : ''}
        </p>
        <button type="button" onClick={leave} aria-label="Close gallery" className={NAV_BUTTON}>
          <X aria-hidden="true" className="size-6" />
        </button>
      </div>
      <div
        className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-4"
        onTouchStart={(event) => {
          touchX.current = event.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={onTouchEnd}
      >
        {image ? (
          <img
            key={image.id}
            src={failed.has(index) ? PLACEHOLDER_IMAGE_URL : image.url}
            width={failed.has(index) ? 800 : image.width}
            height={failed.has(index) ? 600 : image.height}
            alt={count > 1 ? `${name}, image ${index + 1} of ${count}` : name}
            onError={() => setFailed((set) => new Set(set).add(index))}
            className="max-h-full w-auto max-w-full object-contain"
          />
        ) : (
          <p className="text-lg">{MSG.images.none}</p>
        )}
        {count > 1 ? (
          <>
            <button
              type="button"
              onClick={() => move(-1)}
              aria-label="Previous image"
              className={`${NAV_BUTTON} absolute top-1/2 left-2 -translate-y-1/2`}
            >
              <ChevronLeft aria-hidden="true" className="size-7" />
            </button>
            <button
              type="button"
              onClick={() => move(1)}
              aria-label="Next image"
              className={`${NAV_BUTTON} absolute top-1/2 right-2 -translate-y-1/2`}
            >
              <ChevronRight aria-hidden="true" className="size-7" />
            </button>
          </>
        ) : null}
      </div>
    </dialog>
  );
}
