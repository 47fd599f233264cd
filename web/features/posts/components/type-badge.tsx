import type { PostType } from '../../../../shared/catalog';
import { typeLabel } from '../listing';

/** 'Product' or 'Service': the accent marks products, services stay neutral (one accent colour). */
export function TypeBadge({ type }: { type: PostType }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        type === 'product'
          ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-600/30'
          : 'bg-slate-100 text-slate-800 ring-1 ring-slate-300'
      }`}
    >
      {typeLabel(type)}
    </span>
  );
}

/** 'Looking to sell' / 'Looking to buy'. */
export const lookingTo = (sellOrBuy: string) => `Looking to ${sellOrBuy.toLowerCase()}`;
