import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { PostWrapper } from '../../../../shared/api-types';
import { MSG } from '../../../../shared/messages';
import { product, service } from '../../../test/post-data';
import { PostCard } from './post-card';

const renderCard = (ui: ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('PostCard', () => {
  it('shows the type, name, price, place, buy/sell and a lazy, sized thumbnail', () => {
    const { container } = renderCard(<PostCard post={product()} />);
    expect(screen.getByText('Product')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Samsung fridge 300L' }).getAttribute('href')).toBe('/posts/7');
    expect(screen.getByText('$250 per item')).toBeTruthy();
    expect(screen.getByText('Harare · Home and Kitchen')).toBeTruthy();
    expect(screen.getByText('Looking to sell')).toBeTruthy();
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/media/posts/7/1-thumb.webp');
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(img?.hasAttribute('fetchpriority')).toBe(false);
    expect(img?.getAttribute('width')).toBe('480');
    expect(img?.getAttribute('height')).toBe('360');
  });

  it('loads the first card of a feed at once and first (its cover is the largest paint)', () => {
    const { container } = renderCard(<PostCard post={product()} priority />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('loading')).toBe('eager');
    expect(img?.getAttribute('fetchpriority')).toBe('high');
  });

  it('shows a service rate per hour, and the placeholder without a cover', () => {
    const { container } = renderCard(<PostCard post={service()} />);
    expect(screen.getByText('Service')).toBeTruthy();
    expect(screen.getByText('$15 per hour')).toBeTruthy();
    expect(screen.getByText(MSG.images.noneForPost)).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });

  it.each([
    ['1500000', 'product', '$1,500,000 per item'],
    ['Negotiable', 'service', 'Negotiable'],
    ['ZiG 5000', 'product', 'ZiG 5,000'],
    ['US$280', 'product', 'US$280'],
    ['50 per bag', 'product', '50 per bag'],
  ] as const)('shows the price %j as %j', (price, type, shown) => {
    const post =
      type === 'product'
        ? product({ Product: { ...(product().Product as NonNullable<PostWrapper['Product']>), price } })
        : service({
            Service: { ...(service().Service as NonNullable<PostWrapper['Service']>), rate: price },
          });
    renderCard(<PostCard post={post} />);
    expect(screen.getByText(shown)).toBeTruthy();
    expect(screen.queryByText(/\$\$|\$[A-Za-z]|per item per|per hour$/)).toBeNull();
  });

  it('renders the footer slot only when given', () => {
    const { container, rerender } = renderCard(<PostCard post={product()} />);
    const article = container.querySelector('article');
    expect(article?.children).toHaveLength(1);
    rerender(
      <MemoryRouter>
        <PostCard post={product()} footer={<button type="button">Like</button>} />
      </MemoryRouter>,
    );
    expect(container.querySelector('article')?.children).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Like' })).toBeTruthy();
  });

  it('opens in place on a plain click, and leaves a ctrl-click to the browser', () => {
    const onOpen = vi.fn();
    renderCard(<PostCard post={product()} onOpen={onOpen} />);
    const link = screen.getByRole('link', { name: 'Samsung fridge 300L' });
    expect(fireEvent.click(link)).toBe(false);
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }));
    onOpen.mockClear();
    // The browser would open a new tab; jsdom cannot navigate, so stop it after the app had its turn.
    const stop = (event: Event) => event.preventDefault();
    document.addEventListener('click', stop);
    fireEvent.click(link, { ctrlKey: true });
    document.removeEventListener('click', stop);
    expect(onOpen).not.toHaveBeenCalled();
  });
});
