// A listing's fields as the Post Preview shows them (spec §2): name, price or rate, category, payment
// methods, looking to, city, location and details.
import type { ItemDto } from '../../../../shared/api-types';
import { priceOf } from '../../../lib/post-item';
import { PostBadges } from './post-badges';

export function ListingSummary({ item }: { item: ItemDto }) {
  const rows = [
    { label: 'Category', value: item.category },
    { label: 'Looking to', value: item.sell_or_buy },
    { label: 'Payment methods', value: item.paymentMethods },
    { label: 'City', value: item.city },
    { label: 'Location', value: item.location },
  ];
  return (
    <div className="space-y-4">
      <PostBadges item={item} />
      <div>
        <h2 className="text-xl font-semibold text-slate-900 [overflow-wrap:anywhere]">{item.name}</h2>
        <p className="mt-1 text-lg font-semibold text-brand-800">{priceOf(item)}</p>
      </div>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.label}>
            <dt className="text-sm font-medium text-slate-600">{row.label}</dt>
            <dd className="text-slate-900 [overflow-wrap:anywhere]">{row.value}</dd>
          </div>
        ))}
        <div className="sm:col-span-2">
          <dt className="text-sm font-medium text-slate-600">Details</dt>
          <dd className="whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]">{item.details}</dd>
        </div>
      </dl>
    </div>
  );
}
