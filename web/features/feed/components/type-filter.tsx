// The spec's type filter, All / Product / Service, as three pressed-state buttons: /home and /infinite
// share it. On a phone it takes the whole row (three equal parts, issue 34: beside 'Filters' it ran out
// of room at 360 px and 'Service' lay under that button); from sm it is as wide as its words.
import type { PostType } from '../../../../shared/catalog';

const TYPES: Array<{ value: PostType | ''; label: string }> = [
  { value: '', label: 'All' },
  { value: 'product', label: 'Product' },
  { value: 'service', label: 'Service' },
];

export function TypeFilter({
  value,
  onChange,
}: {
  value: PostType | '';
  onChange(type: PostType | ''): void;
}) {
  return (
    <fieldset className="flex w-full min-w-0 rounded-lg border border-slate-300 bg-white p-0.5 sm:w-auto">
      <legend className="sr-only">Post type</legend>
      {TYPES.map((type) => {
        const pressed = value === type.value;
        return (
          <button
            key={type.label}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(type.value)}
            className={`min-h-11 min-w-0 flex-1 rounded-md px-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:flex-none sm:px-4 ${
              pressed ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'
            }`}
          >
            {type.label}
          </button>
        );
      })}
    </fieldset>
  );
}
