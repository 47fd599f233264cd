import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../../shared/messages';
import { product, service } from '../../../test/post-data';
import { SellerPageView } from './seller-page-view';

const renderPage = (ui: ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);
const seller = { id: 5, name: 'Tendai Moyo', memberSince: '2025-03-02T10:00:00.000Z', postCount: 2 };
const base = service();
const plumbing = service({
  id: 8,
  Service: base.Service && { ...base.Service, id: 8, postId: 8, name: 'Emergency plumbing' },
});
const noMore = { hasMore: false, loadingMore: false, loadMoreFailed: false, onLoadMore: () => {} };

describe('SellerPageView', () => {
  it("shows the seller's name, join date, post count and posts as cards linking to each post", () => {
    renderPage(<SellerPageView seller={seller} posts={[product(), plumbing]} {...noMore} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Tendai Moyo' })).toBeTruthy();
    expect(screen.getByText('Member since Mar 2025')).toBeTruthy();
    expect(screen.queryByText(MSG.safety.newSeller)).toBeNull();
    expect(screen.getByText('2 posts')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Samsung fridge 300L' }).getAttribute('href')).toBe('/posts/7');
    expect(screen.getByRole('link', { name: 'Emergency plumbing' }).getAttribute('href')).toBe('/posts/8');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("says '1 post', and 'New seller' for an account of the last weeks", () => {
    const fresh = { ...seller, postCount: 1, memberSince: new Date().toISOString() };
    renderPage(<SellerPageView seller={fresh} posts={[product()]} {...noMore} />);
    expect(screen.getByText('1 post')).toBeTruthy();
    expect(screen.getByText(MSG.safety.newSeller)).toBeTruthy();
  });

  it('shows the empty state for a seller without listed posts', () => {
    renderPage(<SellerPageView seller={{ ...seller, postCount: 0 }} posts={[]} {...noMore} />);
    expect(screen.getByText('0 posts')).toBeTruthy();
    expect(screen.getByText(MSG.sellerPage.empty)).toBeTruthy();
  });

  it("offers 'Load more' while more pages exist, and a retry when one fails", () => {
    const onLoadMore = vi.fn();
    const { rerender } = renderPage(
      <SellerPageView seller={seller} posts={[product()]} {...noMore} hasMore onLoadMore={onLoadMore} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(
      <MemoryRouter>
        <SellerPageView
          seller={seller}
          posts={[product()]}
          {...noMore}
          hasMore
          loadMoreFailed
          onLoadMore={onLoadMore}
        />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });

  it('shares the page: a WhatsApp link without a share sheet, the sheet where the browser has one', async () => {
    const view = renderPage(<SellerPageView seller={seller} posts={[]} {...noMore} />);
    const link = screen.getByRole('link', { name: 'Share on WhatsApp' });
    const href = new URL(link.getAttribute('href') ?? '');
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/');
    expect(href.searchParams.get('text')).toBe(
      `Tendai Moyo on Zim Marketplace ${window.location.origin}/users/5`,
    );
    view.unmount();

    const share = vi.fn(async () => {});
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { share }));
    try {
      renderPage(<SellerPageView seller={seller} posts={[]} {...noMore} />);
      fireEvent.click(screen.getByRole('button', { name: 'Share' }));
      expect(share).toHaveBeenCalledWith({
        title: 'Tendai Moyo',
        text: 'Tendai Moyo on Zim Marketplace',
        url: `${window.location.origin}/users/5`,
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
