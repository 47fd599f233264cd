import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type FeedFilter, NO_FILTER } from '../../../../shared/feed-filter';
import { MSG } from '../../../../shared/messages';
import { PostFiltersBar } from './post-filters';

const select = (label: string) => screen.getByLabelText(label, { selector: 'select' }) as HTMLSelectElement;
const optionsOf = (label: string) => [...select(label).options].map((o) => o.text);

describe('PostFiltersBar sort', () => {
  it('offers Newest first (the default) and Price: low to high', () => {
    render(<PostFiltersBar filters={NO_FILTER} onChange={() => {}} />);
    expect(optionsOf('Sort')).toEqual(['Newest first', 'Price: low to high']);
    expect(select('Sort').value).toBe('');
    expect(screen.queryByText(/Cheapest first/)).toBeNull();
  });

  it('offers Best match (the default), Newest first and the price order while searching', () => {
    const onChange = vi.fn();
    render(<PostFiltersBar filters={{ ...NO_FILTER, search: 'solar' }} onChange={onChange} />);
    expect(optionsOf('Sort')).toEqual(['Best match', 'Newest first', 'Price: low to high']);
    expect(select('Sort').value).toBe('');
    fireEvent.change(select('Sort'), { target: { value: 'newest' } });
    expect(onChange).toHaveBeenCalledWith({ sort: 'newest' });
  });

  it('picks USD when the price order is chosen without a currency', () => {
    const onChange = vi.fn();
    render(<PostFiltersBar filters={NO_FILTER} onChange={onChange} />);
    fireEvent.change(select('Sort'), { target: { value: 'price_asc' } });
    expect(onChange).toHaveBeenCalledWith({ sort: 'price_asc', currency: 'USD' });
  });

  it('keeps a chosen currency, and goes back to newest first alone', () => {
    const onChange = vi.fn();
    const zig: FeedFilter = { ...NO_FILTER, currency: 'ZiG' };
    const { rerender } = render(<PostFiltersBar filters={zig} onChange={onChange} />);
    fireEvent.change(select('Sort'), { target: { value: 'price_asc' } });
    expect(onChange).toHaveBeenLastCalledWith({ sort: 'price_asc' });
    rerender(<PostFiltersBar filters={{ ...zig, sort: 'price_asc' }} onChange={onChange} />);
    fireEvent.change(select('Sort'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({ sort: '' });
  });

  it('says what the price order shows, and offers no "Any currency" while it is on', () => {
    render(
      <PostFiltersBar filters={{ ...NO_FILTER, sort: 'price_asc', currency: 'ZiG' }} onChange={() => {}} />,
    );
    expect(screen.getByText(MSG.feed.priceSortHint('ZiG'))).toBeTruthy();
    expect(optionsOf('Currency')).toEqual(['USD', 'ZiG']);
    expect(select('Currency').value).toBe('ZiG');
    // A shared link with the price order opens the folded filters, the sort and currency counted.
    expect(screen.getByRole('button', { name: 'Filters (2)' }).getAttribute('aria-expanded')).toBe('true');
  });
});
