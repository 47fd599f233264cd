// A dialog built on <dialog>: focus is trapped and Escape closes it, natively. By default it ends with
// a Close button; a dialog that holds a form brings its own buttons instead (`closeButton={false}`).
// While open it is a step in the browser history (web/lib/history-step.ts): the phone's Back button
// closes it and stays on the page (issue 34).
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useHistoryStep } from '../../lib/history-step';
import { Button } from './button';

export function Modal({
  open,
  title,
  onClose,
  children,
  describe = false,
  closeButton = true,
}: {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  /** The body describes the dialog, so a screen reader reads a short message out when it opens. */
  describe?: boolean;
  /** The Close button under the body (off when the body has its own actions). */
  closeButton?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useHistoryStep(open, onClose);
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
      <div id={bodyId} className={closeButton ? 'mb-5 text-slate-800' : 'text-slate-800'}>
        {children}
      </div>
      {closeButton ? (
        <div className="flex justify-end">
          <Button onClick={onClose}>Close</Button>
        </div>
      ) : null}
    </dialog>
  );
}

/** A dialog's buttons, last the main one: stacked full width on a phone, in a row from sm. */
export function ModalActions({ children }: { children: ReactNode }) {
  return <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}
