// The caution the server attaches to a post or comment whose text looks like a known scam
// (`safetyWarning`). A static warning, so it is not an alert (it would be read out on every render):
// an amber box with an icon, its text, and 'Safety warning' for screen readers. `compact` fits a card
// (smaller, never cut: the warning is short and every word of it matters).
import { TriangleAlert } from 'lucide-react';

export function SafetyWarning({ text, compact = false }: { text: string; compact?: boolean }) {
  return (
    <div
      className={`flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 text-amber-950 ${
        compact ? 'px-2.5 py-2 text-sm' : 'px-3 py-3 text-sm sm:text-base'
      }`}
    >
      <TriangleAlert
        aria-hidden="true"
        className={`shrink-0 text-amber-700 ${compact ? 'mt-0.5 size-4' : 'mt-0.5 size-5'}`}
      />
      <p className="min-w-0 break-words">
        <span className="sr-only">Safety warning: </span>
        {text}
      </p>
    </div>
  );
}
