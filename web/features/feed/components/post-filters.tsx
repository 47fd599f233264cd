// The list's filters: the type switch (type-filter.tsx), then the order
// (newest first or price low to high; best match first too while searching) and category, city, Buy/Sell and currency as selects whose first
// option means "any". The price order compares one currency: it offers no "Any currency" (decision 021).

import { type ReactNode, useId, useState } from 'react';
import { CATEGORIES, CITIES, CURRENCIES, SELL_OR_BUY } from '../../../../shared/catalog';
import type { FeedFilter } from '../../../../shared/feed-filter';
import { MSG } from '../../../../shared/messages';
import { buttonClass } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { activeFilterCount, sortChange } from '../filters';
import { TypeFilter } from './type-filter';

const CATEGORY_OPTIONS = [{ value: '', label: 'All categories' }, ...CATEGORIES];
const CITY_OPTIONS = [{ value: '', label: 'All cities' }, ...CITIES];
const SELL_OR_BUY_OPTIONS = [{ value: '', label: 'All (buy and sell)' }, ...SELL_OR_BUY];
const CURRENCY_OPTIONS = [{ value: '', label: 'Any currency' }, ...CURRENCIES];
const PRICE_ORDER = { value: 'price_asc', label: 'Price: low to high' };
// The default order is the best match while searching (decision 027), else the newest first.
const SORT_OPTIONS = [{ value: '', label: 'Newest first' }, PRICE_ORDER];
const SEARCH_SORT_OPTIONS = [
  { value: '', label: 'Best match' },
  { value: 'newest', label: 'Newest first' },
  PRICE_ORDER,
];

export function PostFiltersBar({
  filters,
  onChange,
  aside,
}: {
  filters: FeedFilter;
  onChange(change: Partial<FeedFilter>): void;
  /** Shown at the end of the row (the Data saver switch): under the type switch on a phone. */
  aside?: ReactNode;
}) {
  const active = activeFilterCount(filters);
  const byPrice = filters.sort === 'price_asc';
  const searching = filters.search.trim() !== '';
  // On a phone the selects fold away behind 'Filters' (open when a shared link sets one).
  const [open, setOpen] = useState(active > 0);
  const panelId = useId();
  return (
    <div className="space-y-3">
      {/* A phone: the type switch alone on its row, then Filters and the aside; from sm, one row. */}
      <div className="flex flex-wrap items-center gap-2">
        <TypeFilter value={filters.type} onChange={(type) => onChange({ type })} />
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
          className={buttonClass('secondary', 'shrink-0 px-3 sm:hidden')}
        >
          Filters{active ? ` (${active})` : ''}
        </button>
        {aside ? <div className="ml-auto">{aside}</div> : null}
      </div>
      <div
        id={panelId}
        className={`${open ? 'grid' : 'hidden'} grid-cols-1 gap-3 sm:grid sm:grid-cols-2 lg:grid-cols-5`}
      >
        <SelectField
          label="Sort"
          options={searching ? SEARCH_SORT_OPTIONS : SORT_OPTIONS}
          value={!searching && filters.sort === 'newest' ? '' : filters.sort}
          hint={byPrice && filters.currency ? MSG.feed.priceSortHint(filters.currency) : undefined}
          onChange={(event) => onChange(sortChange(filters, event.target.value as FeedFilter['sort']))}
        />
        <SelectField
          label="Category"
          options={CATEGORY_OPTIONS}
          value={filters.category}
          onChange={(event) => onChange({ category: event.target.value as FeedFilter['category'] })}
        />
        <SelectField
          label="City"
          options={CITY_OPTIONS}
          value={filters.city}
          onChange={(event) => onChange({ city: event.target.value as FeedFilter['city'] })}
        />
        <SelectField
          label="Buy or sell"
          options={SELL_OR_BUY_OPTIONS}
          value={filters.sell_or_buy}
          onChange={(event) => onChange({ sell_or_buy: event.target.value as FeedFilter['sell_or_buy'] })}
        />
        <SelectField
          label="Currency"
          options={byPrice ? CURRENCIES : CURRENCY_OPTIONS}
          value={filters.currency}
          onChange={(event) => onChange({ currency: event.target.value as FeedFilter['currency'] })}
        />
      </div>
    </div>
  );
}
