// The moderation screen's two views as tabs (WAI-ARIA tabs: arrow keys, Home and End move between
// them and show the one they reach). Both panels always exist; only the shown one has content.
import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export interface TabSpec<K extends string> {
  key: K;
  label: string;
  panel: ReactNode;
}

export function Tabs<K extends string>({
  label,
  tabs,
  current,
  onChange,
}: {
  label: string;
  tabs: readonly TabSpec<K>[];
  current: K;
  onChange(key: K): void;
}) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.key === current);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index + last) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const tab = next === null ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    onChange(tab.key);
    list.current?.querySelector<HTMLElement>(`#tab-${tab.key}`)?.focus();
  };
  return (
    <div className="space-y-6">
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 border-b border-slate-200"
      >
        {tabs.map((tab) => {
          const selected = tab.key === current;
          return (
            <button
              key={tab.key}
              id={`tab-${tab.key}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`panel-${tab.key}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.key)}
              className={`-mb-px min-h-11 border-b-2 px-4 py-2 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
                selected
                  ? 'border-brand-700 text-brand-800'
                  : 'border-transparent text-slate-700 hover:text-slate-900'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          id={`panel-${tab.key}`}
          role="tabpanel"
          aria-labelledby={`tab-${tab.key}`}
          hidden={tab.key !== current}
        >
          {tab.key === current ? tab.panel : null}
        </div>
      ))}
    </div>
  );
}
