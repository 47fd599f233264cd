// A thread's menu (issue 32): Block (or Unblock, when the reader blocked them) and Report, behind one
// 'More actions' button so the thread keeps its room on a phone. Report reports the other person's
// latest message: a moderator sees it with the ten before it, and nothing else of the thread.
import { EllipsisVertical } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { MSG } from '../../../../shared/messages';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { clientErrorReason } from '../../../lib/http';
import { useBlockedUsers, useBlockUser, useUnblockUser } from '../../blocks';
import { ReportDialog } from '../../reports';

const failed = (error: unknown) => clientErrorReason(error) ?? MSG.messages.actionFailed;

const itemClass =
  'block min-h-11 w-full px-4 py-2.5 text-left font-medium text-slate-800 hover:bg-slate-100 disabled:text-slate-500';

export function ThreadMenu({
  other,
  reportableId,
  onChanged,
  onError,
}: {
  other: { id: number; name: string };
  /** The other person's latest message; none yet: nothing to report. */
  reportableId: number | undefined;
  /** After a block or unblock: the thread reads the conversation again. */
  onChanged(): void;
  /** A block or unblock the server refused, or that did not reach it. */
  onError(text: string): void;
}) {
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<'block' | 'report' | null>(null);
  const [openings, setOpenings] = useState(0);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const blocked = useBlockedUsers();
  const iBlocked = blocked.data?.some((user) => user.id === other.id) ?? false;
  const block = useBlockUser();
  const unblock = useUnblockUser();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const choose = (next: 'block' | 'report') => {
    setOpen(false);
    setOpenings((n) => n + 1);
    setDialog(next);
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
        className="inline-flex size-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <EllipsisVertical aria-hidden="true" className="size-5" />
        <span className="sr-only">{MSG.messages.moreActions}</span>
      </button>
      <ul
        id={menuId}
        hidden={!open}
        className="absolute right-0 z-30 mt-1 w-56 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        <li>
          {iBlocked ? (
            <button
              type="button"
              className={itemClass}
              disabled={unblock.isPending}
              onClick={() => {
                setOpen(false);
                unblock.mutate(other.id, { onSuccess: onChanged, onError: (e) => onError(failed(e)) });
              }}
            >
              {MSG.messages.unblock} {other.name}
            </button>
          ) : (
            <button type="button" className={itemClass} onClick={() => choose('block')}>
              {MSG.messages.block} {other.name}
            </button>
          )}
        </li>
        <li>
          <button
            type="button"
            className={itemClass}
            disabled={reportableId === undefined}
            onClick={() => choose('report')}
          >
            {MSG.messages.reportLast}
          </button>
        </li>
      </ul>
      <ConfirmDialog
        open={dialog === 'block'}
        title={MSG.messages.confirmBlockTitle}
        confirmLabel={MSG.messages.block}
        danger
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          setDialog(null);
          block.mutate(other.id, { onSuccess: onChanged, onError: (e) => onError(failed(e)) });
        }}
      >
        {MSG.messages.confirmBlock}
      </ConfirmDialog>
      {dialog === 'report' && reportableId !== undefined ? (
        <ReportDialog
          key={openings}
          open
          targetType="message"
          targetId={reportableId}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}
