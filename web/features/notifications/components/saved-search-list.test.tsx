// /saved-searches (issue 33): each saved search's label and, only when there are some, its new posts;
// opening one shows /home with its fields in the address and marks it seen; Delete removes it and
// hands the focus on; the empty state.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { feedFilterFromParams } from '../../../../shared/feed-filter';
import { MSG } from '../../../../shared/messages';
import { axeViolations } from '../../../test/axe';
import { callsTo, fail, mockApi, ok, renderApp } from '../../../test/render-app';
import { savedSearch } from '../test-data';
import { SavedSearchList } from './saved-search-list';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function renderScreen() {
  return renderApp(
    <>
      <Where />
      <Routes>
        <Route path="/saved-searches" element={<SavedSearchList />} />
        <Route path="/home" element={<h1>Home</h1>} />
      </Routes>
    </>,
    { at: '/saved-searches' },
  );
}

const HONDA = savedSearch(1, {
  search: 'honda fit',
  city: 'Bulawayo',
  currency: 'USD',
  label: '"honda fit" in Bulawayo',
  newCount: 3,
});
const SERVICES = savedSearch(2, { type: 'service', sell_or_buy: 'Buy', label: 'Services to buy' });

afterEach(() => vi.unstubAllGlobals());

describe('SavedSearchList', () => {
  it('shows each label, and the new posts only where there are some', async () => {
    mockApi((call) =>
      call.path === '/api/saved-searches' ? ok({ savedSearches: [HONDA, SERVICES] }) : undefined,
    );
    const { container } = renderScreen();
    const honda = await screen.findByRole('link', { name: /honda fit/ });
    expect(within(honda).getByText(MSG.savedSearches.newPosts(3))).toBeTruthy();
    const services = screen.getByRole('link', { name: /Services to buy/ });
    expect(services.textContent).toBe('Services to buy');
    expect(screen.getAllByText(/new posts?$/)).toHaveLength(1);
    // Each Delete names its search for screen readers.
    expect(screen.getByRole('button', { name: 'Delete "honda fit" in Bulawayo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Services to buy' })).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
  });

  it("opens /home with the search's fields in its address, and marks it seen", async () => {
    const calls = mockApi((call) => {
      if (call.path === '/api/saved-searches') return ok({ savedSearches: [HONDA, SERVICES] });
      if (call.path === '/api/saved-searches/1/seen') return ok({ ...HONDA, newCount: 0 });
    });
    renderScreen();
    fireEvent.click(await screen.findByRole('link', { name: /honda fit/ }));
    await screen.findByRole('heading', { name: 'Home' });
    const where = screen.getByTestId('where').textContent ?? '';
    expect(where).toBe('/home?search=honda+fit&city=Bulawayo&currency=USD');
    // /home reads it back as the same filter.
    expect(feedFilterFromParams(new URLSearchParams(where.split('?')[1]))).toMatchObject({
      search: 'honda fit',
      city: 'Bulawayo',
      currency: 'USD',
      type: '',
      sort: '',
    });
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/saved-searches/1/seen')).toHaveLength(1));
  });

  it('deletes one, says so and moves the focus to the next', async () => {
    const calls = mockApi((call) => {
      if (call.path === '/api/saved-searches') return ok({ savedSearches: [HONDA, SERVICES] });
      if (call.method === 'DELETE' && call.path === '/api/saved-searches/1')
        return ok({ id: 1, deleted: true });
    });
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete "honda fit" in Bulawayo' }));
    expect((await screen.findByRole('status')).textContent).toBe(MSG.savedSearches.deleted);
    expect(screen.queryByRole('link', { name: /honda fit/ })).toBeNull();
    expect(callsTo(calls, 'DELETE', '/api/saved-searches/1')).toHaveLength(1);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('link', { name: /Services to buy/ })),
    );
  });

  it('says why a delete failed and keeps the search', async () => {
    mockApi((call) => {
      if (call.path === '/api/saved-searches') return ok({ savedSearches: [SERVICES] });
      if (call.method === 'DELETE') return fail(404, MSG.savedSearches.notFound, 'not_found');
    });
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Services to buy' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.savedSearches.notFound);
    expect(screen.getByRole('link', { name: /Services to buy/ })).toBeTruthy();
  });

  it('says there are none yet, and takes the focus there when the last one goes', async () => {
    mockApi((call) => {
      if (call.path === '/api/saved-searches') return ok({ savedSearches: [SERVICES] });
      if (call.method === 'DELETE') return ok({ id: 2, deleted: true });
    });
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Services to buy' }));
    const empty = await screen.findByText(MSG.savedSearches.empty);
    await waitFor(() => expect(document.activeElement).toBe(empty));
  });
});
