// The dashboard's sale status buttons (issue 14): a published post can be marked reserved or sold, and
// a sold one relisted (STATUS_ACTIONS). Sold posts leave the feeds; reserved ones show a badge there.
import type { ItemDto } from '../../../../shared/api-types';
import { MSG } from '../../../../shared/messages';
import { STATUS_ACTIONS, STATUS_LABELS } from '../../../../shared/post-status';
import { Button } from '../../../components/ui/button';
import { useSetPostStatus } from '../api';

export function StatusControl({
  item,
  notify,
}: {
  item: ItemDto;
  notify(text: string, tone?: 'success' | 'error'): void;
}) {
  const change = useSetPostStatus(item.userId);
  if (!item.isPublished) return null;
  return (
    <fieldset className="col-span-2 flex gap-2">
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
                onSuccess: () => notify(MSG.status.changed(STATUS_LABELS[action.to])),
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
