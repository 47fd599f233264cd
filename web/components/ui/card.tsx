// The card frame every screen uses (DESIGN §10: the same card on every screen): white, rounded, and
// either raised (a panel on the page), outlined (a part of a larger view), a tile (one of a list of
// posts) or dashed (an empty state), with one of a few paddings.
import type { HTMLAttributes } from 'react';

const FRAMES = {
  raised: 'bg-white shadow-sm',
  outlined: 'border border-slate-200 bg-white',
  tile: 'border border-slate-200 bg-white shadow-sm',
  dashed: 'border border-dashed border-slate-300 bg-white',
} as const;

const PADDINGS = {
  none: '',
  /** p-4: outlined parts of a view. */
  compact: 'p-4',
  /** p-6: the narrow screens' panels (sign-in, profile). */
  roomy: 'p-6',
  /** p-4, p-6 from sm: panels that hold a wide form or a post. */
  responsive: 'p-4 sm:p-6',
} as const;

export interface CardStyle {
  frame?: keyof typeof FRAMES;
  padding?: keyof typeof PADDINGS;
}

/** The card's classes, for an element that must be something else too (a form with its own ref). */
export const cardClass = ({ frame = 'raised', padding = 'roomy' }: CardStyle = {}, extra = '') =>
  `rounded-xl ${FRAMES[frame]} ${PADDINGS[padding]} ${extra}`.replace(/\s+/g, ' ').trim();

export function Card({
  as: Tag = 'div',
  frame,
  padding,
  className = '',
  ...props
}: CardStyle & HTMLAttributes<HTMLElement> & { as?: 'div' | 'section' | 'article' | 'li' | 'dl' | 'p' }) {
  return <Tag className={cardClass({ frame, padding }, className)} {...props} />;
}
