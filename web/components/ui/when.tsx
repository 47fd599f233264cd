// A moment as cards, comments and the moderation screen show it: short and relative ('3h'), the full
// date on hover. The full date is written when the pointer comes over it, not with every card: the
// first date formatter costs a slow phone tens of milliseconds (shared/format.ts).
import type { PointerEvent } from 'react';
import { formatPostingDate, formatRelativeTime } from '../../../shared/format';

export function When({ at, className = 'text-slate-600' }: { at: string; className?: string }) {
  const showFullDate = (event: PointerEvent<HTMLElement>) => {
    event.currentTarget.title = formatPostingDate(at);
  };
  return (
    <time dateTime={at} onPointerEnter={showFullDate} className={className}>
      {formatRelativeTime(at)}
    </time>
  );
}
