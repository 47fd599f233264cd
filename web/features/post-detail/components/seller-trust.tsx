// What a buyer can tell about the seller before calling: when they joined ('Member since Nov 2026')
// and, for their first weeks, 'New seller'. Nothing while only the card's preview is known.

import { MSG } from '../../../../shared/messages';
import { isNewSeller, memberSinceLabel } from '../../../../shared/moderation';
import { Badge } from '../../../components/ui/badge';

export function SellerTrust({ memberSince }: { memberSince: string }) {
  if (!memberSince) return null;
  return (
    <span className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
      <span>{memberSinceLabel(memberSince)}</span>
      {isNewSeller(memberSince) ? <Badge tone="warning">{MSG.safety.newSeller}</Badge> : null}
    </span>
  );
}
