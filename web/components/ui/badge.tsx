import type { ReactNode } from 'react';
import type { PostType } from '../../../shared/catalog';
import { type PostStatus, STATUS_LABELS } from '../../../shared/post-status';
import { typeLabel } from '../../lib/post-item';

const TONES = {
  /** The one accent colour, outlined: products in the feed and on the detail. */
  accent: 'bg-brand-50 text-brand-800 ring-1 ring-brand-600/30',
  /** Neutral, outlined: services in the feed and on the detail. */
  neutral: 'bg-slate-100 text-slate-800 ring-1 ring-slate-300',
  /** Neutral, flat: plain facts on the owner's cards (type, buy or sell). */
  plain: 'bg-slate-100 text-slate-800',
  success: 'bg-brand-100 text-brand-800',
  warning: 'bg-amber-100 text-amber-900',
  danger: 'bg-red-100 text-red-800',
} as const;

/** A small rounded label. */
export function Badge({ tone = 'plain', children }: { tone?: keyof typeof TONES; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

/** 'Product' or 'Service': the accent marks products, services stay neutral (one accent colour). */
export function TypeBadge({ type }: { type: PostType }) {
  return <Badge tone={type === 'product' ? 'accent' : 'neutral'}>{typeLabel(type)}</Badge>;
}

/** 'Reserved' or 'Sold' (issue 14); an available post shows nothing. */
export function StatusBadge({ status }: { status: PostStatus }) {
  if (status === 'available') return null;
  return <Badge tone={status === 'sold' ? 'danger' : 'warning'}>{STATUS_LABELS[status]}</Badge>;
}
