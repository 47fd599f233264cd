// Small labels a listing carries everywhere it is shown: product or service, sell or buy, draft or live,
// and, when moderation keeps it from the public, why ('Under review', 'Held for review', 'Removed...').
import type { ItemDto } from '../../../../shared/api-types';
import { MODERATION_LABELS } from '../../../../shared/moderation';
import { Badge, StatusBadge } from '../../../components/ui/badge';
import { typeLabel } from '../../../lib/post-item';

export function PostBadges({ item, expired = false }: { item: ItemDto; expired?: boolean }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      <Badge>{typeLabel(item.type)}</Badge>
      <Badge>{item.sell_or_buy}</Badge>
      <PublishedBadge published={item.isPublished} />
      <StatusBadge status={item.status} />
      {expired ? <Badge tone="warning">Expired</Badge> : null}
      {item.moderation !== 'visible' ? (
        <Badge tone={item.moderation === 'removed' ? 'danger' : 'warning'}>
          {MODERATION_LABELS[item.moderation]}
        </Badge>
      ) : null}
    </div>
  );
}

function PublishedBadge({ published }: { published: boolean }) {
  return published ? <Badge tone="success">Published</Badge> : <Badge tone="warning">Not published</Badge>;
}
