import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MyPost, ProductDto } from '../../../../shared/api-types';
import { MSG } from '../../../../shared/messages';
import { stubDialogMethods } from '../../../test/dialog';
import { DashboardWithToast, renderWithApp, reply } from '../test/helpers';

const product = (id: number, isPublished: boolean): ProductDto => ({
  id,
  postId: id,
  name: `Listing ${id}`,
  category: 'Electronics',
  price: '50',
  paymentMethods: 'Cash',
  details: 'Details',
  city: 'Harare',
  location: 'CBD',
  sell_or_buy: 'Sell',
  isPublished,
  userId: 7,
  type: 'product',
  moderation: 'visible',
  status: 'available',
  currency: 'USD',
});
const wrap = (item: ProductDto, withCover = false, stats = { views: 0, likes: 0, comments: 0 }): MyPost => ({
  id: item.id,
  createdAt: new Date().toISOString(),
  publishedAt: null,
  userName: 'Tendai Moyo',
  phoneNumber: '0771234567',
  Product: item,
  Service: null,
  cover: withCover
    ? { id: 1, url: '/media/f.webp', thumbUrl: '/media/t.webp', width: 480, height: 360 }
    : null,
  safetyWarning: null,
  stats,
  expired: false,
});

beforeAll(stubDialogMethods);
afterEach(() => vi.unstubAllGlobals());

/** The open confirmation dialog with this title. */
const confirmDialog = (title: string) => screen.getByRole('dialog', { name: title });

describe('MyPosts', () => {
  it('says so when there are no posts, with a way to create one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(200, { posts: [] })),
    );
    renderWithApp(<DashboardWithToast />, '/dashboard');
    expect(await screen.findByText(MSG.account.empty)).toBeTruthy();
    expect(screen.getByText('(0 posts)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your first post' }).getAttribute('href')).toBe('/create');
  });

  it('lists the posts with their count and cover, and toggles publish state', async () => {
    let resolveToggle: (r: Response) => void = () => {};
    let published = false;
    const fetch = vi.fn((path: string) => {
      if (path.startsWith('/api/my-created-posts'))
        return Promise.resolve(reply(200, { posts: [wrap(product(1, published), true)] }));
      return new Promise<Response>((resolve) => {
        resolveToggle = resolve;
      });
    });
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<DashboardWithToast />, '/dashboard');
    const card = await screen.findByRole('article', { name: 'Listing 1' });
    expect(screen.getByText('(1 post)')).toBeTruthy();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/my-created-posts?userId=7');
    const cover = within(card).getByRole('presentation');
    expect([cover.getAttribute('src'), cover.getAttribute('loading')]).toEqual(['/media/t.webp', 'lazy']);
    expect([cover.getAttribute('width'), cover.getAttribute('height')]).toEqual(['480', '360']);
    expect(within(card).getByText('Not published')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Publish' }));
    const pending = (await within(card).findByRole('button', { name: 'Publishing...' })) as HTMLButtonElement;
    expect(pending.disabled).toBe(true);
    const [path, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect([path, init.method]).toEqual(['/api/publish-manager', 'PUT']);
    expect(JSON.parse(String(init.body))).toMatchObject({
      id: 1,
      type: 'product',
      isPublished: true,
      userId: 7,
    });

    published = true;
    resolveToggle(reply(200, product(1, true)));
    expect(await screen.findByText(MSG.account.published)).toBeTruthy();
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Unpublish' })).toBeTruthy());
    expect(within(card).getByText('Published')).toBeTruthy();
    // The list is read again after the change.
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));

    // The name opens the post's preview, carrying the item and its cover.
    fireEvent.click(within(card).getByRole('link', { name: 'Listing 1' }));
    const landing = JSON.parse(screen.getByTestId('landing').textContent ?? '{}');
    expect(landing.path).toBe('/product-preview');
    expect(landing.state.item).toMatchObject({ id: 1, isPublished: true });
    expect(landing.state.images).toEqual([expect.objectContaining({ thumbUrl: '/media/t.webp' })]);
  });

  it('says Error updating publish state when the toggle fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        path.startsWith('/api/my-created-posts')
          ? reply(200, { posts: [wrap(product(1, true)), wrap(product(2, false))] })
          : reply(500, { message: 'Something went wrong.' }),
      ),
    );
    renderWithApp(<DashboardWithToast />, '/dashboard');
    const card = await screen.findByRole('article', { name: 'Listing 1' });
    expect(screen.getByText('(2 posts)')).toBeTruthy();
    expect(within(card).getByText('No image')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Unpublish' }));
    fireEvent.click(
      within(confirmDialog(MSG.account.confirmUnpublishTitle)).getByRole('button', { name: 'Unpublish' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.preview.publishError);
    expect(within(card).getByRole('button', { name: 'Unpublish' })).toBeTruthy();
  });

  it("shows each post's views, likes and comments to its owner", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        reply(200, { posts: [wrap(product(1, true), false, { views: 1520, likes: 1, comments: 3 })] }),
      ),
    );
    renderWithApp(<DashboardWithToast />, '/dashboard');
    const card = await screen.findByRole('article', { name: 'Listing 1' });
    const activity = within(card).getByRole('list', { name: 'Activity' });
    expect(
      within(activity)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1.5K views', '1 like', '3 comments']);
  });

  it('asks before unpublishing; Cancel keeps the post published and sends nothing', async () => {
    const fetch = vi.fn(async (path: string) =>
      path.startsWith('/api/my-created-posts')
        ? reply(200, { posts: [wrap(product(1, true))] })
        : reply(200, product(1, false)),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<DashboardWithToast />, '/dashboard');
    const card = await screen.findByRole('article', { name: 'Listing 1' });
    fireEvent.click(within(card).getByRole('button', { name: 'Unpublish' }));
    const dialog = confirmDialog(MSG.account.confirmUnpublishTitle);
    expect(dialog.textContent).toContain(MSG.account.confirmUnpublish('Listing 1'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetch).toHaveBeenCalledTimes(1);

    fireEvent.click(within(card).getByRole('button', { name: 'Unpublish' }));
    fireEvent.click(
      within(confirmDialog(MSG.account.confirmUnpublishTitle)).getByRole('button', { name: 'Unpublish' }),
    );
    expect(await screen.findByText(MSG.account.unpublished)).toBeTruthy();
    const [path, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect([path, init.method, JSON.parse(String(init.body)).isPublished]).toEqual([
      '/api/publish-manager',
      'PUT',
      false,
    ]);
  });

  it('deletes a post after a confirmation; Cancel deletes nothing', async () => {
    let deleted = false;
    const fetch = vi.fn(async (path: string, init?: RequestInit) => {
      if (path.startsWith('/api/my-created-posts'))
        return reply(200, {
          posts: deleted ? [wrap(product(2, false))] : [wrap(product(1, true)), wrap(product(2, false))],
        });
      deleted = true;
      return init?.method === 'DELETE' ? reply(200, { success: true, postId: 1 }) : reply(500, {});
    });
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<DashboardWithToast />, '/dashboard');
    const card = await screen.findByRole('article', { name: 'Listing 1' });
    fireEvent.click(within(card).getByRole('button', { name: 'Delete Listing 1' }));
    const dialog = confirmDialog(MSG.account.confirmDeleteTitle);
    expect(dialog.textContent).toContain(MSG.account.confirmDelete('Listing 1'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetch).toHaveBeenCalledTimes(1);

    fireEvent.click(within(card).getByRole('button', { name: 'Delete Listing 1' }));
    fireEvent.click(
      within(confirmDialog(MSG.account.confirmDeleteTitle)).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText(MSG.account.deleted)).toBeTruthy();
    const [path, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect([path, init.method]).toEqual(['/api/posts/1', 'DELETE']);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Listing 1' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Listing 2' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('(1 post)')).toBeTruthy());
  });

  it('says so when the delete fails, and keeps the post', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        path.startsWith('/api/my-created-posts')
          ? reply(200, { posts: [wrap(product(1, true))] })
          : reply(500, { message: 'Something went wrong.' }),
      ),
    );
    renderWithApp(<DashboardWithToast />, '/dashboard');
    const card = await screen.findByRole('article', { name: 'Listing 1' });
    fireEvent.click(within(card).getByRole('button', { name: 'Delete Listing 1' }));
    fireEvent.click(
      within(confirmDialog(MSG.account.confirmDeleteTitle)).getByRole('button', { name: 'Delete' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.account.deleteFailed);
    expect(screen.getByRole('article', { name: 'Listing 1' })).toBeTruthy();
  });
});
