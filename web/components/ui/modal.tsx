// A dialog built on <dialog>: focus is trapped and Escape closes it, natively.
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from './button';

export function Modal({
  open,
  title,
  onClose,
  children,
  describe = false,
}: {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  /** The body describes the dialog, so a screen reader reads a short message out when it opens. */
  describe?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={describe ? bodyId : undefined}
      onClose={onClose}
      className="m-auto w-[min(24rem,calc(100%-2rem))] rounded-xl bg-white p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={titleId} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div id={bodyId} className="mb-5 text-slate-800">
        {children}
      </div>
      <div className="flex justify-end">
        <Button onClick={onClose}>Close</Button>
      </div>
    </dialog>
  );
}
