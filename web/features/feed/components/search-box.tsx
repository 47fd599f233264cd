// 'Search posts...': the list follows the typing after a 300 ms pause (spec §9 debounce), or at once
// on Enter. The committed text lives in the URL; this box keeps the keystrokes in between.
// Offline, a search is not sent: the box says it needs a connection, and sends it when one returns.
// One or two letters do not search: the list shows the feed without a search at once, and the box says
// so and how many to type (issue 34: never another search's results under that line).
import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { TIMINGS } from '../../../../shared/catalog';
import { SEARCH_MAX } from '../../../../shared/feed-filter';
import { MSG } from '../../../../shared/messages';
import { isShortSearch } from '../../../../shared/search-words';
import { useOnline } from '../../../lib/use-online';

export function SearchBox({ value, onSearch }: { value: string; onSearch(text: string): void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const online = useOnline();
  const [heldOffline, setHeldOffline] = useState(false);
  const messageId = useId();
  const hintId = useId();

  // The URL changed by itself (back button, a pasted link): show its search.
  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    clearTimeout(timer.current);
    setText(value);
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (next: string) => {
    clearTimeout(timer.current);
    const trimmed = isShortSearch(next) ? '' : next.trim();
    if (trimmed === committed.current) return setHeldOffline(false);
    if (!navigator.onLine) return setHeldOffline(true);
    setHeldOffline(false);
    committed.current = trimmed;
    onSearch(trimmed);
  };
  // The connection is back: send the search that was held.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the connection returns
  useEffect(() => {
    if (online && heldOffline) commit(text);
  }, [online]);

  const onChange = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    // No search to wait for (a cleared box, one or two letters): the feed without one, now.
    if (next.trim() === '' || isShortSearch(next)) return commit(next);
    timer.current = setTimeout(() => commit(next), TIMINGS.searchDebounceMs);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    commit(text);
  };

  const short = isShortSearch(text);
  const describedBy = [heldOffline && !online ? messageId : '', short ? hintId : ''].filter(Boolean);
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for many phones here (and jsdom)
    <form role="search" onSubmit={onSubmit}>
      <label htmlFor={id} className="sr-only">
        Search posts
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
        />
        <input
          id={id}
          type="search"
          value={text}
          onChange={(event) => onChange(event.target.value)}
          placeholder="Search posts..."
          maxLength={SEARCH_MAX}
          autoComplete="off"
          enterKeyHint="search"
          aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
          className="block min-h-12 w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-10 text-base text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-1 focus:outline-brand-700"
        />
      </div>
      <p id={hintId} aria-live="polite" className={short ? 'mt-1 text-sm text-slate-700' : 'sr-only'}>
        {short ? MSG.feed.searchTooShortShowingAll : ''}
      </p>
      {heldOffline && !online ? (
        <p
          id={messageId}
          role="status"
          className="mt-2 inline-block rounded-md bg-amber-100 px-2 py-1 text-sm font-medium text-amber-950"
        >
          {MSG.offline.search}
        </p>
      ) : null}
    </form>
  );
}
