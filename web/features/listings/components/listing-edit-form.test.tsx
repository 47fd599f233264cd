// The Edit form keeps unsaved edits on the device per post (decision 026): restored with a notice,
// gone on Cancel, Discard or Save.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDto } from '../../../../shared/api-types';
import { renderWithApp, reply } from '../test/helpers';
import { ListingEditForm } from './listing-edit-form';

const ITEM: ProductDto = {
  id: 41,
  postId: 41,
  name: 'Samsung Galaxy A14',
  category: 'Electronics',
  price: '120',
  paymentMethods: 'Cash, EcoCash',
  details: 'Six months old.',
  city: 'Harare',
  location: 'Avondale',
  sell_or_buy: 'Sell',
  isPublished: false,
  userId: 7,
  type: 'product',
  moderation: 'visible',
  status: 'available',
  currency: 'USD',
};

const type = (label: string, value: string) => {
  const field = screen.getByLabelText(label);
  fireEvent.input(field, { target: { value } });
  fireEvent.change(field, { target: { value } });
};
const name = () => (screen.getByLabelText('Name') as HTMLInputElement).value;
const edit = (item: ProductDto = ITEM, onSaved = vi.fn(), onCancel = vi.fn()) =>
  renderWithApp(<ListingEditForm item={item} onSaved={onSaved} onCancel={onCancel} />);

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('ListingEditForm drafts', () => {
  it('restores unsaved edits of this post only, and forgets them on Cancel', () => {
    const first = edit();
    expect(screen.queryByText('Draft restored')).toBeNull();
    type('Name', 'Samsung Galaxy A14 (64 GB)');
    first.unmount();

    const other = edit({ ...ITEM, id: 42, postId: 42 });
    expect(screen.queryByText('Draft restored')).toBeNull();
    expect(name()).toBe(ITEM.name);
    other.unmount();

    const again = edit();
    expect(screen.getByText('Draft restored')).toBeTruthy();
    expect(name()).toBe('Samsung Galaxy A14 (64 GB)');
    fireEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(name()).toBe(ITEM.name);
    type('Name', 'Changed again');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    again.unmount();

    edit();
    expect(screen.queryByText('Draft restored')).toBeNull();
    expect(name()).toBe(ITEM.name);
  });

  it('removes the draft once the edit is saved', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path: string, init: RequestInit) =>
        reply(200, { ...ITEM, ...JSON.parse(String(init.body)) }),
      ),
    );
    const onSaved = vi.fn();
    edit(ITEM, onSaved);
    type('Name', 'Samsung Galaxy A14 (64 GB)');
    expect(localStorage.length).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(localStorage.length).toBe(0);
  });
});
