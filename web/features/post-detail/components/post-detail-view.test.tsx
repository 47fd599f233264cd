import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formatPostingDate } from '../../../../shared/format';
import { MSG } from '../../../../shared/messages';
import { detail } from '../../../test/post-data';
import { PostDetailView } from './post-detail-view';

const renderView = (ui: ReactElement) => render(<MemoryRouter>{ui}</MemoryRouter>);
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('PostDetailView', () => {
  it('shows every field of the post', () => {
    renderView(<PostDetailView post={detail()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Samsung fridge 300L' })).toBeTruthy();
    expect(screen.getByText('Product')).toBeTruthy();
    expect(screen.getByText('$250 per item')).toBeTruthy();
    expect(fact('City').textContent).toBe('Harare');
    expect(fact('Category').textContent).toBe('Home and Kitchen');
    expect(fact('Payment methods').textContent).toBe('EcoCash, Cash (USD)');
    expect(fact('Looking to').textContent).toBe('Sell');
    expect(fact('Location').textContent).toBe('Avondale');
    expect(fact('Posted by').textContent).toContain('Tendai Moyo');
    const seller = within(fact('Posted by')).getByRole('link', { name: /Tendai Moyo/ });
    expect(seller.getAttribute('href')).toBe(`/users/${detail().Product?.userId}`);
    expect(fact('Posted on').textContent).toBe(formatPostingDate('2026-11-20T09:00:00.000Z'));
    const details = screen.getByText(/Like new\./);
    expect(details.textContent).toBe('Like new.\n\nCollect in Avondale.');
    expect(details.className).toContain('whitespace-pre-wrap');
  });

  it('links the number for a call and for WhatsApp, with the post named and linked', () => {
    renderView(<PostDetailView post={detail()} />);
    const contact = fact('Contact');
    expect(within(contact).getByRole('link', { name: 'Call 077 123 4567' }).getAttribute('href')).toBe(
      'tel:+263771234567',
    );
    const whatsapp = new URL(
      within(contact).getByRole('link', { name: 'WhatsApp' }).getAttribute('href') ?? '',
    );
    expect(`${whatsapp.origin}${whatsapp.pathname}`).toBe('https://wa.me/263771234567');
    const text = whatsapp.searchParams.get('text') ?? '';
    expect(text).toContain('Samsung fridge 300L');
    expect(text).toContain(`${window.location.origin}/posts/7`);
  });

  it("offers Share as a WhatsApp link with the post's name, price and link where there is no share sheet", () => {
    renderView(<PostDetailView post={detail()} />);
    const share = new URL(screen.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href') ?? '');
    expect(`${share.origin}${share.pathname}`).toBe('https://wa.me/');
    expect(share.searchParams.get('text')).toBe(
      `Samsung fridge 300L, $250 per item ${window.location.origin}/posts/7`,
    );
  });

  it("shows the seller's trust line, 'New seller' for a new one, and the safety warning as a note", () => {
    const { unmount } = renderView(<PostDetailView post={detail()} />);
    expect(fact('Posted by').textContent).toContain('Member since Mar 2025');
    expect(screen.queryByText(MSG.safety.newSeller)).toBeNull();
    expect(screen.queryByText(/Safety warning/)).toBeNull();
    unmount();
    const warning = `This asks for payment before you see the item. ${MSG.safety.neverPayFirst}`;
    renderView(
      <PostDetailView post={detail({ memberSince: new Date().toISOString(), safetyWarning: warning })} />,
    );
    expect(screen.getByText(MSG.safety.newSeller)).toBeTruthy();
    const note = screen.getByText(warning);
    expect(note.textContent).toBe(`Safety warning: ${warning}`);
    // Static: not an alert that would be read out again and again.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('marks a sold or expired post and offers no way to call about it (issue 14)', () => {
    const sold = detail();
    if (sold.Product) sold.Product.status = 'sold';
    const { unmount } = renderView(<PostDetailView post={sold} />);
    expect(screen.getByText('Sold')).toBeTruthy();
    expect(screen.getByText(MSG.status.soldNote)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Contact the seller' })).toBeNull();
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
    unmount();

    renderView(<PostDetailView post={detail({ expired: true })} />);
    expect(screen.getByText('Expired')).toBeTruthy();
    expect(screen.getByText(MSG.expiry.expiredNote)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Contact the seller' })).toBeNull();
  });

  it('leaves the trust line out while only the preview is known', () => {
    renderView(<PostDetailView post={detail({ memberSince: '' })} />);
    expect(fact('Posted by').textContent).not.toContain('Member since');
  });

  it('offers only the message slot when the seller keeps their number private (issue 32)', () => {
    const { unmount } = renderView(<PostDetailView post={detail({ phoneNumber: '' })} />);
    // Nobody to reach (the owner's own view gets no message slot): no Contact row, no bottom bar.
    expect(screen.queryByText('Contact')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Contact the seller' })).toBeNull();
    unmount();
    renderView(
      <PostDetailView
        post={detail({ phoneNumber: '' })}
        message={<button type="button">Message seller</button>}
      />,
    );
    expect(fact('Contact').textContent).toBe('Message seller');
    const bar = screen.getByRole('region', { name: 'Contact the seller' });
    expect(within(bar).getByRole('button').textContent).toBe('Message seller');
    expect(within(bar).queryByRole('link')).toBeNull();
  });

  it('shows the first image at the size its slot needs, and the empty state without images', () => {
    const { container, unmount } = renderView(<PostDetailView post={detail()} />);
    const main = container.querySelector('img');
    expect(main?.getAttribute('srcset')).toContain('/media/posts/7/1-medium.webp 1024w');
    expect(main?.getAttribute('sizes')).toContain('calc(100vw - 32px)');
    expect(main?.getAttribute('width')).toBe('1600');
    expect(main?.getAttribute('height')).toBe('1200');
    expect(screen.getAllByRole('button', { name: /Open photo \d of 3/ })).toHaveLength(3);
    unmount();
    renderView(<PostDetailView post={detail({ images: [], cover: null })} />);
    expect(screen.getByText(MSG.images.noneForPost)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Open the photo/ })).toBeNull();
  });

  it('renders the engagement, stats and comments slots where given, and nothing when absent', () => {
    const { container, unmount } = renderView(<PostDetailView post={detail()} />);
    const bare = container.querySelectorAll('*').length;
    unmount();
    const { container: filled } = renderView(
      <PostDetailView
        post={detail()}
        engagement={<button type="button">Like</button>}
        stats={<p>12 views</p>}
        comments={<section aria-label="Comments">No comments yet</section>}
      />,
    );
    expect(screen.getByRole('button', { name: 'Like' })).toBeTruthy();
    expect(screen.getByText('12 views')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Comments' })).toBeTruthy();
    // Each slot adds its own element and one wrapper: no empty boxes when a slot is absent.
    expect(filled.querySelectorAll('*').length).toBe(bare + 6);
    // The like button sits by the title and price; stats after the facts; comments after the details.
    const follows = (a: Node, b: Node) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    const price = screen.getByText('$250 per item');
    const like = screen.getByRole('button', { name: 'Like' });
    const facts = filled.querySelector('dl') as HTMLElement;
    const details = screen.getByRole('heading', { name: 'Details' });
    expect(follows(price, like) && follows(like, facts)).toBe(true);
    expect(follows(facts, screen.getByText('12 views'))).toBe(true);
    expect(follows(details, screen.getByRole('region', { name: 'Comments' }))).toBe(true);
  });
});
