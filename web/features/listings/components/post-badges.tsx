// Small labels a listing carries everywhere it is shown: product or service, sell or buy, draft or live.
import type { ItemDto } from '../../../../shared/api-types';
import { Badge } from '../../../components/ui/badge';
import { typeLabel } from '../../../lib/post-item';

export function PostBadges({ item }: { item: ItemDto }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      <Badge>{typeLabel(item.type)}</Badge>
      <Badge>{item.sell_or_buy}</Badge>
      <PublishedBadge published={item.isPublished} />
    </div>
  );
}

function PublishedBadge({ published }: { published: boolean }) {
  return published ? <Badge tone="success">Published</Badge> : <Badge tone="warning">Not published</Badge>;
}
