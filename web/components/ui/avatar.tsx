// A person's initials in a circle (no photos exist yet): the header, the post's seller, a comment's
// author. Decorative: the name is always written beside it.
import { initials } from '../../../shared/format';

const SIZES = { sm: 'size-8', md: 'size-9', lg: 'size-10' } as const;

export function Avatar({
  name,
  size = 'md',
  tone = 'brand-100',
}: {
  name: string;
  size?: keyof typeof SIZES;
  tone?: 'brand-50' | 'brand-100';
}) {
  const background = tone === 'brand-50' ? 'bg-brand-50' : 'bg-brand-100';
  return (
    <span
      aria-hidden="true"
      className={`inline-flex ${SIZES[size]} shrink-0 items-center justify-center rounded-full ${background} text-sm font-semibold text-brand-800`}
    >
      {initials(name) || '?'}
    </span>
  );
}
