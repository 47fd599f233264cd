import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ItemDto } from '../../../../shared/api-types';
import { MSG } from '../../../../shared/messages';
import { Toast, useToast } from '../../../components/ui/toast';
import { LISTING_TEXT } from '../messages';
import type { PreviewState } from '../preview-state';
import { renderWithApp, reply } from '../test/helpers';
import { PostPreview } from './post-preview';

const SERVICE: ItemDto = {
  id: 9,
  postId: 9,
  name: 'Plumber to fix a geyser',
  category: 'Other',
  rate: '15',
  paymentMethods: 'Cash',
  details: 'The geyser leaks.',
  city: 'Bulawayo',
  location: 'Suburbs',
  sell_or_buy: 'Buy',
  isPublished: false,
  userId: 7,
  type: 'service',
  moderation: 'visible',
  status: 'available',
  currency: 'USD',
};

const IMAGE = { id: 3, url: '/media/f.webp', thumbUrl: '/media/t.webp', width: 1600, height: 1200 };

/** fetch with the post's images on GET /api/files/..., and `write` answering the PUT calls. */
function stubApi(write: (path: string, body: Record<string, unknown>) => Response, images: object[] = []) {
  const fetch = vi.fn(async (path: string, init: RequestInit = {}) =>
    path.startsWith('/api/files/') ? reply(200, { images }) : write(path, JSON.parse(String(init.body))),
  );
  vi.stubGlobal('fetch', fetch);
  /** The PUT calls, in order. */
  return () =>
    fetch.mock.calls
      .filter(([, init]) => init?.method === 'PUT')
      .map(([path, init]) => ({ path, body: JSON.parse(String(init?.body)) }));
}

function Harness({ images = [], item = SERVICE }: { images?: PreviewState['images']; item?: ItemDto }) {
  const [state, setState] = useState<PreviewState>({ item, images });
  const { toast, show } = useToast();
  return (
    <>
      <PostPreview
        state={state}
        isOwner
        onItemChange={(item) => setState((s) => ({ ...s, item }))}
        onImagesChange={(images) => setState((s) => ({ ...s, images }))}
        notify={show}
      />
      <Toast toast={toast} />
    </>
  );
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PostPreview', () => {
  it('shows the fields and the empty image state', () => {
    stubApi(() => reply(500, {}));
    renderWithApp(<Harness />);
    expect(screen.getByRole('heading', { name: SERVICE.name })).toBeTruthy();
    expect(screen.getByText('$15 per hour')).toBeTruthy();
    for (const text of ['Other', 'Buy', 'Cash', 'Bulawayo', 'Suburbs', 'The geyser leaks.', 'Not published'])
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    expect(screen.getByText(MSG.images.none)).toBeTruthy();
  });

  it("shows the images it was given at once, then the post's full list from the server", async () => {
    stubApi(() => reply(500, {}), [IMAGE, { ...IMAGE, id: 4 }]);
    renderWithApp(<Harness images={[IMAGE]} />);
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual([
      `${SERVICE.name} (1 of 1)`,
    ]);
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(2));
    expect(screen.getAllByRole('img')[1]?.getAttribute('alt')).toBe(`${SERVICE.name} (2 of 2)`);
  });

  it('edits and saves through edit-post; the notification goes after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const puts = stubApi((_path, body) => reply(200, { ...SERVICE, ...body }));
    renderWithApp(<Harness />);
    fireEvent.click(button('Edit'));
    fireEvent.input(screen.getByLabelText('Rate'), { target: { value: '20' } });
    fireEvent.click(button('Save'));
    expect((await screen.findByRole('status')).textContent).toBe(MSG.preview.updated);
    expect(puts()).toMatchObject([
      { path: '/api/edit-post', body: { id: 9, type: 'service', rate: '20', userId: 7 } },
    ]);
    expect(screen.getByText('$20 per hour')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(button('Edit')));

    act(() => vi.advanceTimersByTime(4900));
    expect(screen.queryByText(MSG.preview.updated)).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText(MSG.preview.updated)).toBeNull();
  });

  it('keeps the edits and says why when Save fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(409, { message: MSG.preview.notEditable }, 'conflict')),
    );
    renderWithApp(<Harness />);
    fireEvent.click(button('Edit'));
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Plumber' } });
    fireEvent.click(button('Save'));
    expect(await screen.findByText(MSG.preview.notEditable)).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Plumber');
  });

  it('publishes through publish-post; then Edit is disabled, Publish gone and Next leads to /account', async () => {
    const puts = stubApi(() => reply(200, { ...SERVICE, isPublished: true }));
    renderWithApp(<Harness />);
    fireEvent.click(button('Publish'));
    expect(await screen.findByText(MSG.preview.published)).toBeTruthy();
    expect(puts()).toMatchObject([
      { path: '/api/publish-post', body: { id: 9, type: 'service', isPublished: true, userId: 7 } },
    ]);
    expect(button('Edit').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    const next = screen.getByRole('link', { name: 'Next' });
    expect(next.getAttribute('href')).toBe('/account');
    await waitFor(() => expect(document.activeElement).toBe(next));
  });

  it('says the post is held for review when the server holds copied text, with its badge', async () => {
    stubApi(() => reply(200, { ...SERVICE, isPublished: true, moderation: 'held' }));
    renderWithApp(<Harness />);
    fireEvent.click(button('Publish'));
    expect(await screen.findByText(MSG.moderation.held)).toBeTruthy();
    expect(screen.queryByText(MSG.preview.published)).toBeNull();
    expect(screen.getByText('Held for review')).toBeTruthy();
  });

  it('says Error updating publish state when publishing fails, and Publish stays', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(500, { message: 'Something went wrong.' })),
    );
    renderWithApp(<Harness />);
    fireEvent.click(button('Publish'));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.preview.publishError);
    expect(button('Publish').disabled).toBe(false);
    expect(button('Edit').disabled).toBe(false);
  });

  it('removes an uploaded image in Edit mode through DELETE /api/files/{imageId}', async () => {
    const second = { ...IMAGE, id: 4 };
    // The server's list: the refetch after the removal must not bring the image back.
    let onServer = [IMAGE, second];
    let answer!: (response: Response) => void;
    const fetch = vi.fn(async (_path: string, init: RequestInit = {}) =>
      init.method === 'DELETE'
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : reply(200, { images: onServer }),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<Harness images={[IMAGE, second]} />);
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(2));
    // Only in Edit mode.
    expect(screen.queryByRole('button', { name: 'Remove image 2' })).toBeNull();
    fireEvent.click(button('Edit'));
    expect(button('Remove image 1').disabled).toBe(false);

    fireEvent.click(button('Remove image 2'));
    await waitFor(() => expect(button('Remove image 2').disabled).toBe(true));
    expect(button('Remove image 1').disabled).toBe(false);
    expect(fetch).toHaveBeenCalledWith('/api/files/4', expect.objectContaining({ method: 'DELETE' }));

    onServer = [IMAGE];
    await act(async () => answer(reply(200, { images: onServer })));
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(1));
    expect(screen.getByRole('img').getAttribute('alt')).toBe(`${SERVICE.name} (1 of 1)`);
    expect(screen.queryByRole('button', { name: 'Remove image 2' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(button('Remove image 1')));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so in a notification when removing an image fails, and the image stays', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path: string, init: RequestInit = {}) =>
        init.method === 'DELETE'
          ? reply(403, { message: 'You can only change your own posts.' }, 'forbidden')
          : reply(200, { images: [IMAGE] }),
      ),
    );
    renderWithApp(<Harness images={[IMAGE]} />);
    fireEvent.click(button('Edit'));
    fireEvent.click(button('Remove image 1'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      `${LISTING_TEXT.removeImageFailed} You can only change your own posts.`,
    );
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(button('Remove image 1').disabled).toBe(false);
  });

  describe('sale status (issue 14)', () => {
    const PUBLISHED: ItemDto = { ...SERVICE, isPublished: true };
    const card = () => within(screen.getByRole('article', { name: SERVICE.name }));
    const statusButtons = () =>
      within(screen.getByRole('group', { name: `Status of ${SERVICE.name}` }))
        .getAllByRole('button')
        .map((b) => b.textContent);

    it('offers no status change before the post is published', () => {
      stubApi(() => reply(500, {}));
      renderWithApp(<Harness />);
      expect(screen.queryByRole('button', { name: 'Mark reserved' })).toBeNull();
      expect(screen.queryByRole('group', { name: `Status of ${SERVICE.name}` })).toBeNull();
    });

    it("marks a published post reserved, then sold, and shows each status from the server's answer", async () => {
      const puts = stubApi((_path, body) => reply(200, { ...PUBLISHED, ...body }));
      renderWithApp(<Harness item={PUBLISHED} />);
      expect(statusButtons()).toEqual(['Mark reserved', 'Mark sold']);
      expect(card().queryByText('Reserved', { exact: true })).toBeNull();

      fireEvent.click(button('Mark reserved'));
      expect((await screen.findByRole('status')).textContent).toBe(MSG.status.changed('Reserved'));
      expect(card().getByText('Reserved', { exact: true })).toBeTruthy();
      expect(statusButtons()).toEqual(['Mark available', 'Mark sold']);

      fireEvent.click(button('Mark sold'));
      await waitFor(() => expect(card().getByText('Sold', { exact: true })).toBeTruthy());
      expect(card().queryByText('Reserved', { exact: true })).toBeNull();
      expect(statusButtons()).toEqual(['Relist']);
      expect(puts()).toEqual([
        { path: '/api/posts/9/status', body: { status: 'reserved' } },
        { path: '/api/posts/9/status', body: { status: 'sold' } },
      ]);
      // Still published and not editable; Next stays.
      expect(button('Edit').disabled).toBe(true);
      expect(screen.getByRole('link', { name: 'Next' })).toBeTruthy();
    });

    it('says so when the change fails, and the status stays', async () => {
      stubApi(() => reply(500, { message: 'Something went wrong.' }));
      renderWithApp(<Harness item={PUBLISHED} />);
      fireEvent.click(button('Mark reserved'));
      expect((await screen.findByRole('alert')).textContent).toBe(MSG.status.changeFailed);
      expect(card().queryByText('Reserved', { exact: true })).toBeNull();
      expect(button('Mark reserved').disabled).toBe(false);
    });
  });
});
