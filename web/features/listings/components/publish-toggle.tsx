// The dashboard's Publish / Unpublish button (spec §4): publish-manager with the toggled state; the
// button is disabled while its request runs.
import type { ItemDto } from '../../../../shared/api-types';
import { MSG } from '../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { useTogglePublished } from '../api';

export function PublishToggle({
  item,
  notify,
}: {
  item: ItemDto;
  notify(text: string, tone?: 'success' | 'error'): void;
}) {
  const toggle = useTogglePublished(item.userId);
  const next = !item.isPublished;
  const onClick = () =>
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
    <Button
      variant={item.isPublished ? 'secondary' : 'primary'}
      className="w-full"
      onClick={onClick}
      disabled={toggle.isPending}
    >
      {toggle.isPending ? (next ? 'Publishing...' : 'Unpublishing...') : next ? 'Publish' : 'Unpublish'}
    </Button>
  );
}
