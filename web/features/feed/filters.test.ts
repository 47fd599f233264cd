import { describe, expect, it } from 'vitest';
import { feedFilterFromParams, NO_FILTER } from '../../../shared/feed-filter';
import { urlOf } from '../../lib/client';
import { activeFilterCount, hasAnyFilter, postsQuery, sortChange, withFilters } from './filters';

/** The GET /api/posts URL the client asks for `filter` and a cursor. */
const postsUrl = (filter: typeof NO_FILTER, cursor?: string) =>
  urlOf('posts', { query: postsQuery(filter, cursor) });

describe('feedFilterFromParams', () => {
  it('reads every filter from a shared link', () => {
    const params = new URLSearchParams(
      'search=fridge&type=product&category=Electronics&city=Victoria+Falls&sell_or_buy=Sell&currency=ZiG&sort=price_asc',
    );
    expect(feedFilterFromParams(params)).toEqual({
      search: 'fridge',
      type: 'product',
      category: 'Electronics',
      city: 'Victoria Falls',
      sell_or_buy: 'Sell',
      currency: 'ZiG',
      sort: 'price_asc',
    });
  });

  it('reads the price order without a currency as in USD, and sort=newest as the default', () => {
    expect(feedFilterFromParams(new URLSearchParams('sort=price_asc'))).toEqual({
      ...NO_FILTER,
      sort: 'price_asc',
      currency: 'USD',
    });
    expect(feedFilterFromParams(new URLSearchParams('sort=newest'))).toEqual(NO_FILTER);
    expect(feedFilterFromParams(new URLSearchParams('currency=ZiG'))).toEqual({
      ...NO_FILTER,
      currency: 'ZiG',
    });
  });

  it('ignores values outside the catalog (a hand-edited link never reaches the API)', () => {
    const params = new URLSearchParams('type=car&category=Cars&city=Lusaka&sell_or_buy=Swap&sort=price_desc');
    expect(feedFilterFromParams(params)).toEqual(NO_FILTER);
  });

  it('keeps sort=newest while searching (the default there is the best match)', () => {
    expect(feedFilterFromParams(new URLSearchParams('search=solar&sort=newest'))).toEqual({
      ...NO_FILTER,
      search: 'solar',
      sort: 'newest',
    });
  });

  it('reads a search of one or two letters as none (the API refuses it)', () => {
    expect(feedFilterFromParams(new URLSearchParams('search=tv'))).toEqual(NO_FILTER);
    expect(feedFilterFromParams(new URLSearchParams('search=tvs')).search).toBe('tvs');
  });

  it('caps the search at what the API accepts', () => {
    expect(feedFilterFromParams(new URLSearchParams(`search=${'a'.repeat(500)}`)).search).toHaveLength(200);
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
      ...NO_FILTER,
      search: 'solar & panels',
      type: 'service' as const,
      city: 'Gweru' as const,
    };
    expect(feedFilterFromParams(withFilters(new URLSearchParams(), filters))).toEqual(filters);
  });
});

describe('the /api/posts query', () => {
  it('sends only what is set, plus the cursor', () => {
    expect(postsUrl(NO_FILTER)).toBe('/api/posts');
    expect(postsUrl({ ...NO_FILTER, search: ' fri ', sell_or_buy: 'Buy' }, 'abc')).toBe(
      '/api/posts?search=fri&sell_or_buy=Buy&cursor=abc',
    );
  });
});

describe('hasAnyFilter', () => {
  it('is true when a search or any filter is set', () => {
    expect(hasAnyFilter(NO_FILTER)).toBe(false);
    expect(hasAnyFilter({ ...NO_FILTER, search: 'x' })).toBe(true);
    expect(hasAnyFilter({ ...NO_FILTER, type: 'product' })).toBe(true);
  });
});

describe('the price order', () => {
  it('goes into the URL and the API query only when chosen', () => {
    const sorted = { ...NO_FILTER, sort: 'price_asc' as const, currency: 'USD' as const };
    expect(withFilters(new URLSearchParams('post=3'), sorted).toString()).toBe(
      'post=3&currency=USD&sort=price_asc',
    );
    expect(postsUrl(sorted, 'abc')).toBe('/api/posts?currency=USD&sort=price_asc&cursor=abc');
    expect(withFilters(new URLSearchParams('sort=price_asc'), { sort: '' }).toString()).toBe('');
    expect(feedFilterFromParams(withFilters(new URLSearchParams(), sorted))).toEqual(sorted);
  });

  it('picks USD with it unless a currency is chosen', () => {
    expect(sortChange(NO_FILTER, 'price_asc')).toEqual({ sort: 'price_asc', currency: 'USD' });
    expect(sortChange({ ...NO_FILTER, currency: 'ZiG' }, 'price_asc')).toEqual({ sort: 'price_asc' });
    expect(sortChange({ ...NO_FILTER, sort: 'price_asc', currency: 'USD' }, '')).toEqual({ sort: '' });
  });

  it('counts as a filter (it narrows the list to prices that are numbers)', () => {
    expect(activeFilterCount({ ...NO_FILTER, sort: 'price_asc', currency: 'USD' })).toBe(2);
    expect(hasAnyFilter({ ...NO_FILTER, sort: 'price_asc' })).toBe(true);
  });
});
