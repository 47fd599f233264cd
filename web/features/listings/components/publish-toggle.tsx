// The dashboard's Publish / Unpublish button (spec §4): publish-manager with the toggled state; the
// button is disabled while its request runs. Unpublishing takes the post out of the feeds, so it asks
// first (issue 16); publishing does not.
import { useState } from 'react';
import type { ItemDto } from '../../../../shared/api-types';
import { MSG } from '../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useTogglePublished } from '../api';

export function PublishToggle({
  item,
  notify,
}: {
  item: ItemDto;
  notify(text: string, tone?: 'success' | 'error'): void;
}) {
  const toggle = useTogglePublished(item.userId);
  const [asking, setAsking] = useState(false);
  const next = !item.isPublished;
  const run = () =>
    toggle.mutate(
      { item, isPublished: next },
      {
        onSuccess: (updated) =>
          notify(
            !next
              ? MSG.account.unpublished
              : updated.moderation === 'held'
                ? MSG.moderation.held
                : MSG.account.published,
          ),
        onError: () => notify(MSG.preview.publishError, 'error'),
      },
    );
  return (
    <>
      <Button
        variant={item.isPublished ? 'secondary' : 'primary'}
        className="w-full"
        onClick={() => (next ? run() : setAsking(true))}
        disabled={toggle.isPending}
      >
        {toggle.isPending ? (next ? 'Publishing...' : 'Unpublishing...') : next ? 'Publish' : 'Unpublish'}
      </Button>
      <ConfirmDialog
        open={asking}
        title={MSG.account.confirmUnpublishTitle}
        confirmLabel="Unpublish"
        onConfirm={() => {
          setAsking(false);
          run();
        }}
        onCancel={() => setAsking(false)}
      >
        {MSG.account.confirmUnpublish(item.name)}
      </ConfirmDialog>
    </>
  );
}
