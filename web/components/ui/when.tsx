// A moment as cards, comments and the moderation screen show it: short and relative ('3h'), the full
// date on hover.
import { formatPostingDate, formatRelativeTime } from '../../../shared/format';

export function When({ at, className = 'text-slate-600' }: { at: string; className?: string }) {
  return (
    <time dateTime={at} title={formatPostingDate(at)} className={className}>
      {formatRelativeTime(at)}
    </time>
  );
}
