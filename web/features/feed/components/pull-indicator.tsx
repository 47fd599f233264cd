import { ArrowDown, RefreshCw } from 'lucide-react';
import type { PullState } from '../use-pull-to-refresh';

const MAX_SHIFT = 80;

/** The pull-to-refresh hint: it floats over the feed (no layout shift) and follows the finger. */
export function PullIndicator({ pull, refreshing }: { pull: PullState; refreshing: boolean }) {
  const visible = refreshing || pull.phase !== 'idle';
  const shift = refreshing ? 24 : Math.min(pull.distance / 2, MAX_SHIFT);
  const text = refreshing ? 'Refreshing…' : pull.phase === 'ready' ? 'Release to refresh' : 'Pull to refresh';
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-14 z-30 flex justify-center">
      {visible ? (
        <div
          style={{ transform: `translateY(${shift}px)` }}
          className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-medium text-slate-800 shadow-md ring-1 ring-slate-200"
        >
          {refreshing ? (
            <RefreshCw aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <ArrowDown
              aria-hidden="true"
              className={`size-4 transition-transform ${pull.phase === 'ready' ? 'rotate-180' : ''}`}
            />
          )}
          {text}
        </div>
      ) : null}
    </div>
  );
}
