// Small labels a listing carries everywhere it is shown: product or service, sell or buy, draft or live.
import type { ItemDto } from '../../../../shared/api-types';

const BADGE = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold';

export function PostBadges({ item }: { item: ItemDto }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      <span className={`${BADGE} bg-slate-100 text-slate-800`}>
        {item.type === 'product' ? 'Product' : 'Service'}
      </span>
      <span className={`${BADGE} bg-slate-100 text-slate-800`}>{item.sell_or_buy}</span>
      <PublishedBadge published={item.isPublished} />
    </div>
  );
}

export function PublishedBadge({ published }: { published: boolean }) {
  return published ? (
    <span className={`${BADGE} bg-brand-100 text-brand-800`}>Published</span>
  ) : (
    <span className={`${BADGE} bg-amber-100 text-amber-900`}>Not published</span>
  );
}
