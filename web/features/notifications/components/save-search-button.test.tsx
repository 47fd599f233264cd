// 'Save this search' on /home (issue 33): only while a search or a filter is set (not for the order
// alone), posting the set fields but the order; 201 says it is saved, 409 shows the server's reason;
// a visitor goes to sign in and comes back.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FeedFilter, NO_FILTER } from '../../../../shared/feed-filter';
import { MSG } from '../../../../shared/messages';
import { axeViolations } from '../../../test/axe';
import { callsTo, fail, mockApi, renderApp } from '../../../test/render-app';
import { savedSearch } from '../test-data';
import { SaveSearchButton } from './save-search-button';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

/** /home's filter as the reader changes it: products first, then services. */
function ChangingFilter() {
  const [type, setType] = useState<FeedFilter['type']>('product');
  return (
    <>
      <SaveSearchButton filter={{ ...NO_FILTER, type }} />
      <button type="button" onClick={() => setType('service')}>
        Services
      </button>
    </>
  );
}

const saveButton = () => screen.queryByRole('button', { name: MSG.savedSearches.save });
const created = (status: number) => ({ status, body: savedSearch(1, { label: 'honda fit' }) });

afterEach(() => vi.unstubAllGlobals());

describe('SaveSearchButton', () => {
  it.each<[string, Partial<FeedFilter>]>([
    ['nothing is set', {}],
    ['only the order is set', { sort: 'newest' }],
    ['the search is only spaces', { search: '   ' }],
  ])('is not shown when %s', async (_, filter) => {
    mockApi(() => undefined);
    renderApp(<SaveSearchButton filter={{ ...NO_FILTER, ...filter }} />, { at: '/home' });
    await waitFor(() => expect(saveButton()).toBeNull());
  });

  it.each<[string, Partial<FeedFilter>]>([
    ['a search', { search: 'honda fit' }],
    ['the type', { type: 'service' }],
    ['a category', { category: 'Electronics' }],
    ['a city', { city: 'Bulawayo' }],
    ['buy or sell', { sell_or_buy: 'Buy' }],
    ['a currency', { currency: 'ZiG' }],
  ])('is shown for %s', (_, filter) => {
    mockApi(() => undefined);
    renderApp(<SaveSearchButton filter={{ ...NO_FILTER, ...filter }} />, { at: '/home' });
    expect(saveButton()).not.toBeNull();
  });

  it('saves the set fields (not the order) and says so', async () => {
    const calls = mockApi((call) => (call.path === '/api/saved-searches' ? created(201) : undefined));
    const filter: FeedFilter = {
      ...NO_FILTER,
      search: ' honda fit ',
      city: 'Bulawayo',
      currency: 'USD',
      sort: 'price_asc',
    };
    const { container } = renderApp(<SaveSearchButton filter={filter} />, { at: '/home' });
    expect(await axeViolations(container)).toEqual([]);
    fireEvent.click(saveButton() as HTMLElement);

    expect((await screen.findByRole('status')).textContent).toBe(MSG.savedSearches.saved);
    const posts = callsTo(calls, 'POST', '/api/saved-searches');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ search: 'honda fit', city: 'Bulawayo', currency: 'USD' });
    // Saved: it says so and takes no second tap, keeping the focus (aria-disabled, not disabled).
    const saved = screen.getByRole('button', { name: MSG.savedSearches.alreadySaved });
    expect(saved.getAttribute('aria-disabled')).toBe('true');
    expect(saved.hasAttribute('disabled')).toBe(false);
    fireEvent.click(saved);
    expect(callsTo(calls, 'POST', '/api/saved-searches')).toHaveLength(1);
  });

  it('can save again once the filter changes', async () => {
    const calls = mockApi((call) => (call.path === '/api/saved-searches' ? created(201) : undefined));
    renderApp(<ChangingFilter />, { at: '/home' });
    fireEvent.click(saveButton() as HTMLElement);
    await screen.findByRole('button', { name: MSG.savedSearches.alreadySaved });
    fireEvent.click(screen.getByRole('button', { name: 'Services' }));
    fireEvent.click(await screen.findByRole('button', { name: MSG.savedSearches.save }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/saved-searches')).toHaveLength(2));
    expect(callsTo(calls, 'POST', '/api/saved-searches')[1]?.body).toEqual({ type: 'service' });
  });

  it("shows the server's reason past the most a person may keep (409)", async () => {
    mockApi((call) =>
      call.path === '/api/saved-searches' ? fail(409, MSG.savedSearches.tooMany, 'conflict') : undefined,
    );
    renderApp(<SaveSearchButton filter={{ ...NO_FILTER, search: 'fridge' }} />, { at: '/home' });
    fireEvent.click(saveButton() as HTMLElement);
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.savedSearches.tooMany);
    // Not saved: it may be tried again (after deleting one).
    expect(saveButton()).not.toBeNull();
  });

  it('sends a visitor to sign in, coming back to the search', async () => {
    const calls = mockApi(() => undefined, null);
    renderApp(
      <>
        <SaveSearchButton filter={{ ...NO_FILTER, search: 'fridge' }} />
        <Where />
      </>,
      { at: '/home?search=fridge' },
    );
    fireEvent.click(saveButton() as HTMLElement);
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        `/login?next=${encodeURIComponent('/home?search=fridge')}`,
      ),
    );
    expect(callsTo(calls, 'POST', '/api/saved-searches')).toHaveLength(0);
  });
});
