// Under the header on every screen (decision 025): 'Offline — showing saved posts' while the browser
// is offline, and 'New version available — Reload' when a new service worker is waiting.
import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { MSG } from '../../shared/messages';
import { applyUpdate, updateStore } from '../lib/service-worker';
import { useOnline } from '../lib/use-online';

// No waiting version in the page's first frame, drawn before any script runs (app/first-frame.tsx).
const noUpdate = () => null;

export function ConnectionNotices() {
  const online = useOnline();
  const update = useSyncExternalStore(updateStore.subscribe, updateStore.getSnapshot, noUpdate);
  return (
    <div aria-live="polite">
      {online ? null : (
        <p
          role="status"
          className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-sm font-medium text-amber-950"
        >
          <WifiOff aria-hidden="true" size={16} />
          {MSG.offline.banner}
        </p>
      )}
      {update ? (
        <div
          role="status"
          className="flex items-center justify-center gap-3 bg-brand-50 px-4 py-2 text-sm text-brand-900"
        >
          <span className="font-medium">{MSG.offline.updateReady}</span>
          <button
            type="button"
            onClick={applyUpdate}
            className="min-h-11 rounded-lg bg-brand-700 px-4 font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            {MSG.offline.updateReload}
          </button>
        </div>
      ) : null}
    </div>
  );
}
