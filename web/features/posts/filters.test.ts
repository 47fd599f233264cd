import { describe, expect, it } from 'vitest';
import { filtersFromParams, hasAnyFilter, NO_FILTERS, postsQueryString, withFilters } from './filters';
import { parsePostId } from './post-id';

describe('filtersFromParams', () => {
  it('reads every filter from a shared link', () => {
    const params = new URLSearchParams(
      'search=fridge&type=product&category=Electronics&city=Victoria+Falls&sell_or_buy=Sell',
    );
    expect(filtersFromParams(params)).toEqual({
      search: 'fridge',
      type: 'product',
      category: 'Electronics',
      city: 'Victoria Falls',
      sell_or_buy: 'Sell',
    });
  });

  it('ignores values outside the catalog (a hand-edited link never reaches the API)', () => {
    const params = new URLSearchParams('type=car&category=Cars&city=Lusaka&sell_or_buy=Swap');
    expect(filtersFromParams(params)).toEqual(NO_FILTERS);
  });

  it('caps the search at what the API accepts', () => {
    expect(filtersFromParams(new URLSearchParams(`search=${'a'.repeat(500)}`)).search).toHaveLength(200);
  });
});

describe('withFilters', () => {
  it('sets the given filters, drops emptied ones and keeps other parameters (the open post)', () => {
    const start = new URLSearchParams('city=Harare&post=7');
    const next = withFilters(start, { city: '', category: 'Gardening', search: '  maize seed  ' });
    expect(next.toString()).toBe('post=7&search=maize+seed&category=Gardening');
    expect(start.toString()).toBe('city=Harare&post=7');
  });

  it('round-trips through the URL', () => {
    const filters = {
      ...NO_FILTERS,
      search: 'solar & panels',
      type: 'service' as const,
      city: 'Gweru' as const,
    };
    expect(filtersFromParams(withFilters(new URLSearchParams(), filters))).toEqual(filters);
  });
});

describe('postsQueryString', () => {
  it('sends only what is set, plus the cursor', () => {
    expect(postsQueryString(NO_FILTERS)).toBe('');
    expect(postsQueryString({ ...NO_FILTERS, search: 'fri', sell_or_buy: 'Buy' }, 'abc')).toBe(
      '?search=fri&sell_or_buy=Buy&cursor=abc',
    );
  });
});

describe('hasAnyFilter', () => {
  it('is true when a search or any filter is set', () => {
    expect(hasAnyFilter(NO_FILTERS)).toBe(false);
    expect(hasAnyFilter({ ...NO_FILTERS, search: 'x' })).toBe(true);
    expect(hasAnyFilter({ ...NO_FILTERS, type: 'product' })).toBe(true);
  });
});

describe('parsePostId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2147483647],
  ])('%s is post %d', (value, id) => expect(parsePostId(value)).toBe(id));

  it.each(['', 'abc', '0', '-1', '01', '1.5', '1e3', ' 1', '2147483648', '99999999999'])(
    '%j is not a post id',
    (value) => expect(parsePostId(value)).toBeNull(),
  );
  it('is null when absent', () => expect(parsePostId(undefined)).toBeNull());
});
