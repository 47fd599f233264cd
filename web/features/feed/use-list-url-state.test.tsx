import { act, render, screen } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { FeedFilter } from '../../../shared/feed-filter';
import { useListUrlState } from './use-list-url-state';

afterEach(() => window.history.replaceState(null, '', '/'));

/** /home's URL state; every render's setFilters is kept, as a timer's closure keeps one. */
function renderHome() {
  const setters: Array<(change: Partial<FeedFilter>) => void> = [];
  function Probe() {
    const { filters, setFilters } = useListUrlState();
    setters.push(setFilters);
    return <p data-testid="filters">{`${filters.search}|${filters.type}`}</p>;
  }
  window.history.replaceState(null, '', '/home?search=solar');
  render(
    <BrowserRouter>
      <Probe />
    </BrowserRouter>,
  );
  return setters;
}

describe('useListUrlState', () => {
  it('keeps a type tapped while the search box still had a change to write (issue 34)', () => {
    const setters = renderHome();
    // The box's pause started now: its commit will call this render's setter.
    const fromTheSearchBox = setters.at(-1);
    act(() => setters.at(-1)?.({ type: 'service' }));
    expect(window.location.search).toBe('?search=solar&type=service');
    // 300 ms later the cleared search is written: over the URL as it is, not as that render saw it.
    act(() => fromTheSearchBox?.({ search: '' }));
    expect(window.location.search).toBe('?type=service');
    expect(screen.getByTestId('filters').textContent).toBe('|service');
  });

  it('replaces the history entry: Back leaves the list rather than undoing a filter', () => {
    const setters = renderHome();
    const length = window.history.length;
    act(() => setters.at(-1)?.({ type: 'product' }));
    act(() => setters.at(-1)?.({ search: 'fridge' }));
    expect(window.history.length).toBe(length);
    expect(window.location.search).toBe('?search=fridge&type=product');
  });
});
