import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../../shared/messages';
import { SearchBox } from './search-box';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The browser's connection state and its event, as navigator.onLine reports it. */
function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

const box = () => screen.getByRole('searchbox', { name: 'Search posts' });
const type = (value: string) => fireEvent.input(box(), { target: { value } });

describe('SearchBox', () => {
  it('searches 300 ms after the typing stops, once, with the text trimmed', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<SearchBox value="" onSearch={onSearch} />);
    expect(box().getAttribute('placeholder')).toBe('Search posts...');
    type('f');
    act(() => vi.advanceTimersByTime(200));
    type('fr');
    act(() => vi.advanceTimersByTime(200));
    type('fri ');
    act(() => vi.advanceTimersByTime(299));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('fri');
  });

  it('searches at once on Enter, and not again when the pause ends', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<SearchBox value="" onSearch={onSearch} />);
    type('maize');
    fireEvent.submit(box());
    expect(onSearch).toHaveBeenCalledWith('maize');
    act(() => vi.advanceTimersByTime(500));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('shows a search that changed in the URL (Back, a pasted link)', () => {
    const { rerender } = render(<SearchBox value="fridge" onSearch={() => {}} />);
    expect(box()).toHaveProperty('value', 'fridge');
    rerender(<SearchBox value="" onSearch={() => {}} />);
    expect(box()).toHaveProperty('value', '');
  });

  it('shows the feed without a search for one or two letters, at once, and says so (issue 34)', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    const { rerender } = render(<SearchBox value="fridge" onSearch={onSearch} />);
    type('tv');
    // Not the last search's results under the hint: the search is dropped without waiting.
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('');
    rerender(<SearchBox value="" onSearch={onSearch} />);
    expect(box()).toHaveProperty('value', 'tv');
    expect(screen.getByText(MSG.feed.searchTooShortShowingAll)).toBeTruthy();
    expect(box().getAttribute('aria-describedby')).toBeTruthy();
    act(() => vi.advanceTimersByTime(500));
    fireEvent.submit(box());
    type('t');
    expect(onSearch).toHaveBeenCalledTimes(1);
    type('tvs');
    act(() => vi.advanceTimersByTime(300));
    expect(onSearch).toHaveBeenLastCalledWith('tvs');
    expect(screen.queryByText(MSG.feed.searchTooShortShowingAll)).toBeNull();
    type('');
    expect(onSearch).toHaveBeenLastCalledWith('');
  });

  it('offline, holds the search and says it needs a connection; sends it when the connection returns', () => {
    const onSearch = vi.fn();
    render(<SearchBox value="" onSearch={onSearch} />);
    setOnline(false);
    type('solar');
    fireEvent.submit(box());
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe(MSG.offline.search);
    expect(box().getAttribute('aria-describedby')).toBe(screen.getByRole('status').id);

    setOnline(true);
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('solar');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
