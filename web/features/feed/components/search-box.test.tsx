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

  it('does not search one or two letters: it says how many to type, and the list stays', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<SearchBox value="fridge" onSearch={onSearch} />);
    type('tv');
    act(() => vi.advanceTimersByTime(500));
    fireEvent.submit(box());
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByText('Type at least 3 letters or numbers to search.')).toBeTruthy();
    expect(box().getAttribute('aria-describedby')).toBeTruthy();
    type('tvs');
    act(() => vi.advanceTimersByTime(300));
    expect(onSearch).toHaveBeenCalledWith('tvs');
    expect(screen.queryByText('Type at least 3 letters or numbers to search.')).toBeNull();
    type('');
    act(() => vi.advanceTimersByTime(300));
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
