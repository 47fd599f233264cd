// The dashboard's Delete action: asks first (the post, its photos, likes, comments and views go, and
// it cannot be undone), then DELETE /api/posts/{postId}; the button is disabled while it runs.
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ItemDto } from '../../../../shared/api-types';
import { MSG } from '../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDeletePost } from '../api';

export function DeletePostButton({
  item,
  notify,
}: {
  item: ItemDto;
  notify(text: string, tone?: 'success' | 'error'): void;
}) {
  const remove = useDeletePost(item.userId);
  const [asking, setAsking] = useState(false);
  const confirm = async () => {
    setAsking(false);
    // mutateAsync, not mutate's callbacks: the card (and this button) leave the list when the delete
    // succeeds, and mutate's callbacks are dropped once their component is gone.
    try {
      await remove.mutateAsync(item.id);
      notify(MSG.account.deleted);
    } catch {
      notify(MSG.account.deleteFailed, 'error');
    }
  };
  return (
    <>
      <Button
        variant="outline-danger"
        className="w-full"
        onClick={() => setAsking(true)}
        disabled={remove.isPending}
        aria-label={`Delete ${item.name}`}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {remove.isPending ? 'Deleting...' : 'Delete'}
      </Button>
      <ConfirmDialog
        open={asking}
        title={MSG.account.confirmDeleteTitle}
        confirmLabel="Delete"
        danger
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      >
        {MSG.account.confirmDelete(item.name)}
      </ConfirmDialog>
    </>
  );
}
