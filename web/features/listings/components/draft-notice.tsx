// 'Draft restored' with a Discard button: a form found its draft on the device (decision 026).
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LISTING_TEXT } from '../messages';

export function DraftNotice({ onDiscard }: { onDiscard(): void }) {
  return (
    <Alert>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">{LISTING_TEXT.draftRestored}</p>
        <Button variant="secondary" onClick={onDiscard}>
          Discard draft
        </Button>
      </div>
    </Alert>
  );
}
