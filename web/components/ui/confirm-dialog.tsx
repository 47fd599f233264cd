// "Are you sure?" in the kit's dialog: a title, what will happen, Cancel and the action. Escape and
// Cancel close it without acting; the action button says what it does ('Delete', 'Unpublish').
import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal, ModalActions } from './modal';

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  danger = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** A destructive action: the button is red. */
  danger?: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <Modal open={open} title={title} onClose={onCancel} describe closeButton={false}>
      <p>{children}</p>
      <ModalActions>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </ModalActions>
    </Modal>
  );
}
