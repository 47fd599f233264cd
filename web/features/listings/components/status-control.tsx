// The owner's sale status buttons (issue 14), on the dashboard's cards and the Post Preview: a published
// post can be marked reserved or sold, and a sold one relisted (STATUS_ACTIONS). Sold posts leave the
// feeds; reserved ones show a badge there. The buttons share one row that spans its container (the
// whole row of the dashboard card's button grid), so each screen places it without a layout of its own.
import type { ItemDto } from '../../../../shared/api-types';
import { MSG } from '../../../../shared/messages';
import { STATUS_ACTIONS, STATUS_LABELS } from '../../../../shared/post-status';
import { Button } from '../../../components/ui/button';
import { useSetPostStatus } from '../api';

export function StatusControl({
  item,
  notify,
  onChanged,
}: {
  item: ItemDto;
  notify(text: string, tone?: 'success' | 'error'): void;
  /** The server's answer after a change (the preview shows its item from navigation state). */
  onChanged?(item: ItemDto): void;
}) {
  const change = useSetPostStatus(item.userId);
  if (!item.isPublished) return null;
  return (
    <fieldset className="col-span-full flex gap-2">
      <legend className="sr-only">Status of {item.name}</legend>
      {STATUS_ACTIONS[item.status].map((action) => (
        <Button
          key={action.to}
          variant="secondary"
          className="flex-1 px-2 text-sm"
          disabled={change.isPending}
          onClick={() =>
            change.mutate(
              { postId: item.id, status: action.to },
              {
                onSuccess: (updated) => {
                  onChanged?.(updated);
                  notify(MSG.status.changed(STATUS_LABELS[action.to]));
                },
                onError: () => notify(MSG.status.changeFailed, 'error'),
              },
            )
          }
        >
          {action.label}
        </Button>
      ))}
    </fieldset>
  );
}
