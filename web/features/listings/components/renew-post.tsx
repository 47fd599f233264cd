// An expired post on the dashboard (issue 14): why it is out of the feeds and the Renew button that
// puts it back at the top (POST /api/posts/{postId}/renew).
import { RotateCcw } from 'lucide-react';
import type { ItemDto } from '../../../../shared/api-types';
import { MSG } from '../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { useRenewPost } from '../api';

export function RenewPost({
  item,
  notify,
}: {
  item: ItemDto;
  notify(text: string, tone?: 'success' | 'error'): void;
}) {
  const renew = useRenewPost();
  return (
    <div className="col-span-2 space-y-2">
      <p className="text-sm text-amber-900">{MSG.expiry.ownerNote}</p>
      <Button
        className="w-full"
        disabled={renew.isPending}
        aria-label={`Renew ${item.name}`}
        // The promise, not mutate's callbacks: the refreshed list no longer shows this button (the post
        // is not expired any more), and an unmounted caller's callbacks never run.
        onClick={() =>
          renew.mutateAsync(item.id).then(
            () => notify(MSG.expiry.renewed),
            () => notify(MSG.expiry.renewFailed, 'error'),
          )
        }
      >
        <RotateCcw aria-hidden="true" className="size-4" />
        {renew.isPending ? 'Renewing...' : 'Renew'}
      </Button>
    </div>
  );
}
