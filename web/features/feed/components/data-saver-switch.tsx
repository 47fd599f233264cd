// The feed screens' 'Data saver' switch (decision 026): on, cards show text only and load a photo when
// its 'Show photo' is tapped.
import { setDataSaver } from '../../../lib/data-saver';
import { useDataSaver } from '../use-data-saver';

export function DataSaverSwitch() {
  const on = useDataSaver();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      onClick={() => setDataSaver(!on)}
      className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-lg px-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <span
        aria-hidden="true"
        className={`relative inline-block h-6 w-10 rounded-full transition-colors ${on ? 'bg-brand-700' : 'bg-slate-400'}`}
      >
        <span
          className={`absolute top-1 left-1 size-4 rounded-full bg-white transition-transform ${on ? 'translate-x-4' : ''}`}
        />
      </span>
      Data saver
    </button>
  );
}
