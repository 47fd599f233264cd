import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDto } from '../../../../shared/api-types';
import { MSG } from '../../../../shared/messages';
import { file, renderWithApp, reply, stubObjectUrls, stubXhr } from '../test/helpers';
import { CreateListingForm } from './create-listing-form';

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
const IMAGE = { id: 1, url: '/media/a-full.webp', thumbUrl: '/media/a-thumb.webp', width: 800, height: 600 };

// What a browser fires when a field's value changes (typing, or picking an option): input, then change.
const type = (label: string, value: string) => {
  const field = screen.getByLabelText(label);
  fireEvent.input(field, { target: { value } });
  fireEvent.change(field, { target: { value } });
};
const submit = (name: string | RegExp = 'Create post') =>
  fireEvent.click(screen.getByRole('button', { name }));
const landing = () => JSON.parse(screen.getByTestId('landing').textContent ?? '{}');

function fillProduct(priceLabel = 'Price') {
  type('Name', ITEM.name);
  type(priceLabel, ITEM.price);
  type('Payment methods', ITEM.paymentMethods);
  type('Details', ITEM.details);
  type('Location', ITEM.location);
}

/** fetch answering create-post and edit-post; every call is recorded. */
function stubApi(createStatus = 201, failFirstCreates = 0) {
  let failures = failFirstCreates;
  const fetch = vi.fn(async (path: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body));
    if (path === '/api/create-post' && failures-- > 0) throw new TypeError('Failed to fetch');
    if (path === '/api/create-post')
      return createStatus === 201
        ? reply(201, ITEM)
        : reply(createStatus, { message: 'Something went wrong.' });
    if (path === '/api/edit-post') return reply(200, { ...ITEM, name: body.name });
    return reply(404, { message: 'Not found.' }, 'not_found');
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const keysSent = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.map(([, init]) => (init.headers as Record<string, string>)['idempotency-key']);
const calls = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.map(([path, init]) => ({
    path,
    method: init.method,
    body: JSON.parse(String(init.body)),
  }));

beforeEach(() => {
  stubObjectUrls();
  // Drafts live in localStorage (decision 026): each test starts from an empty device.
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('CreateListingForm', () => {
  it('shows every required-field message under its field and sends nothing', () => {
    const fetch = stubApi();
    const xhr = stubXhr();
    renderWithApp(<CreateListingForm kind="product" sellOrBuy="Sell" userId={7} />);
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('Electronics');
    expect((screen.getByLabelText('City') as HTMLSelectElement).value).toBe('Harare');
    expect(screen.getByLabelText('Category').querySelectorAll('option')).toHaveLength(21);
    expect(screen.getByLabelText('City').querySelectorAll('option')).toHaveLength(30);
    type('Category', '');
    type('City', '');
    submit();
    for (const [label, message] of [
      ['Name', MSG.create.nameRequired],
      ['Category', MSG.create.categoryRequired],
      ['Price', MSG.create.priceRequired],
      ['Payment methods', MSG.create.paymentRequired],
      ['Details', MSG.create.detailsRequired],
      ['City', MSG.create.cityRequired],
      ['Location', MSG.create.locationRequired],
    ]) {
      const field = screen.getByLabelText(label as string);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        message,
      );
    }
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(fetch).not.toHaveBeenCalled();
    expect(xhr).toHaveLength(0);
  });

  it('asks for the rate on a service, and blank text counts as missing', () => {
    const fetch = stubApi();
    renderWithApp(<CreateListingForm kind="service" sellOrBuy="Buy" userId={7} />, '/service/Buy');
    fillProduct('Rate');
    type('Rate', '   ');
    submit();
    expect(screen.getByText(MSG.create.rateRequired)).toBeTruthy();
    expect(screen.queryByText(MSG.create.nameRequired)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('creates the post, uploads the images with progress, and opens the preview with both', async () => {
    const fetch = stubApi();
    const xhr = stubXhr();
    renderWithApp(<CreateListingForm kind="product" sellOrBuy="Sell" userId={7} />);
    fillProduct();
    fireEvent.change(screen.getByLabelText('Add images'), {
      target: { files: [file('a.jpg', 'image/jpeg'), file('b.png', 'image/png')] },
    });
    // The picker checks (and may shrink) what it was given before the form holds it.
    await screen.findByText(/2 of 5 chosen/);
    submit();

    await waitFor(() => expect(xhr).toHaveLength(1));
    expect(calls(fetch)).toEqual([
      {
        path: '/api/create-post',
        method: 'POST',
        body: {
          name: ITEM.name,
          category: 'Electronics',
          price: '120',
          paymentMethods: ITEM.paymentMethods,
          details: ITEM.details,
          city: 'Harare',
          location: ITEM.location,
          currency: 'USD',
          sell_or_buy: 'Sell',
          type: 'product',
          userId: 7,
        },
      },
    ]);
    const upload = xhr[0];
    expect(upload?.body.get('postId')).toBe('41');
    expect(upload?.body.get('type')).toBe('product');
    expect(upload?.body.getAll('images').map((f) => (f as File).name)).toEqual(['a.jpg', 'b.png']);

    act(() => upload?.progress(1024 * 300, 1024 * 1200));
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe(String(1024 * 300));
    expect(bar.getAttribute('aria-valuemax')).toBe(String(1024 * 1200));
    expect(screen.getByText('300 KB of 1.2 MB (25%)')).toBeTruthy();
    expect((screen.getByLabelText('Add images') as HTMLInputElement).disabled).toBe(true);

    act(() => upload?.respond(201, { images: [IMAGE, { ...IMAGE, id: 2 }] }));
    await waitFor(() => expect(landing().path).toBe('/product-preview'));
    expect(landing().state).toEqual({ item: ITEM, images: [IMAGE, { ...IMAGE, id: 2 }] });
  });

  it('on an upload failure stays on the form, and a retry reuses the created post', async () => {
    const fetch = stubApi();
    const xhr = stubXhr();
    renderWithApp(<CreateListingForm kind="product" sellOrBuy="Sell" userId={7} />);
    fillProduct();
    fireEvent.change(screen.getByLabelText('Add images'), {
      target: { files: [file('a.jpg', 'image/jpeg')] },
    });
    // The picker checks (and may shrink) what it was given before the form holds it.
    await screen.findByText(/1 of 5 chosen/);
    submit();
    await waitFor(() => expect(xhr).toHaveLength(1));
    act(() => xhr[0]?.respond(500, { message: 'Something went wrong. Please try again later.' }));
    expect(await screen.findByText(MSG.create.uploadFailed)).toBeTruthy();
    expect(screen.queryByTestId('landing')).toBeNull();

    // Retry as it is: no second create-post, the same post gets the upload.
    submit('Try again');
    await waitFor(() => expect(xhr).toHaveLength(2));
    expect(xhr[1]?.body.get('postId')).toBe('41');
    act(() => xhr[1]?.respond(413, { message: MSG.images.tooBig }, 'too_large'));
    expect(await screen.findByText(MSG.images.tooBig)).toBeTruthy();

    // Fields changed after the failure: edit-post on the same post, then the upload.
    type('Name', 'Samsung Galaxy A14 (64 GB)');
    submit('Try again');
    await waitFor(() => expect(xhr).toHaveLength(3));
    act(() => xhr[2]?.respond(201, { images: [IMAGE] }));
    await waitFor(() => expect(landing().path).toBe('/product-preview'));

    expect(calls(fetch).map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/create-post',
      'PUT /api/edit-post',
    ]);
    expect(calls(fetch)[1]?.body).toMatchObject({ id: 41, name: 'Samsung Galaxy A14 (64 GB)', userId: 7 });
    expect(landing().state.item.name).toBe('Samsung Galaxy A14 (64 GB)');
  });

  it('says so when the post cannot be created', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApi(500);
    const xhr = stubXhr();
    renderWithApp(<CreateListingForm kind="product" sellOrBuy="Sell" userId={7} />);
    fillProduct();
    fireEvent.change(screen.getByLabelText('Add images'), {
      target: { files: [file('a.jpg', 'image/jpeg')] },
    });
    // The picker checks (and may shrink) what it was given before the form holds it.
    await screen.findByText(/1 of 5 chosen/);
    submit();
    expect(await screen.findByText(MSG.create.createFailed)).toBeTruthy();
    expect(xhr).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Create post' })).toBeTruthy();
  });

  it('keeps what is typed as a draft: restored with a notice after a remount, gone on Discard', () => {
    const first = renderWithApp(<CreateListingForm kind="product" sellOrBuy="Sell" userId={7} />);
    expect(screen.queryByText('Draft restored')).toBeNull();
    type('Name', 'Gas stove');
    type('Details', 'Two plates');
    first.unmount();

    const second = renderWithApp(<CreateListingForm kind="product" sellOrBuy="Sell" userId={7} />);
    expect(screen.getByText('Draft restored')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Gas stove');
    expect((screen.getByLabelText('Details') as HTMLTextAreaElement).value).toBe('Two plates');
    fireEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(screen.queryByText('Draft restored')).toBeNull();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    second.unmount();

    renderWithApp(<CreateListingForm kind="product" sellOrBuy="Sell" userId={7} />);
    expect(screen.queryByText('Draft restored')).toBeNull();
  });

  it("keeps each user's draft to that user and each form to its own", () => {
    const mine = renderWithApp(<CreateListingForm kind="product" sellOrBuy="Sell" userId={7} />);
    type('Name', 'Gas stove');
    mine.unmount();
    const theirs = renderWithApp(<CreateListingForm kind="product" sellOrBuy="Sell" userId={8} />);
    expect(screen.queryByText('Draft restored')).toBeNull();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    theirs.unmount();
    renderWithApp(<CreateListingForm kind="service" sellOrBuy="Sell" userId={7} />, '/service/Sell');
    expect(screen.queryByText('Draft restored')).toBeNull();
  });

  it('sends one Idempotency-Key per attempt to create, the same one again after a lost answer', async () => {
    const fetch = stubApi(201, 1);
    renderWithApp(<CreateListingForm kind="product" sellOrBuy="Sell" userId={7} />);
    fillProduct();
    submit();
    // No answer: the post waits for the connection, with its key kept in the draft.
    expect(await screen.findByText(MSG.create.queuedOffline)).toBeTruthy();
    const [key] = keysSent(fetch);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(landing().path).toBe('/product-preview'));
    expect(keysSent(fetch)).toEqual([key, key]);
    expect(localStorage.length).toBe(0);
  });

  it('queues a post sent offline and sends it once when the connection returns', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetch = stubApi();
    const first = renderWithApp(<CreateListingForm kind="product" sellOrBuy="Sell" userId={7} />);
    fillProduct();
    submit();
    expect(await screen.findByText(MSG.create.queuedOffline)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    // Closed and opened again while still offline: the queued post is still there, still waiting.
    first.unmount();
    renderWithApp(<CreateListingForm kind="product" sellOrBuy="Sell" userId={7} />);
    expect(screen.getByText('Draft restored')).toBeTruthy();
    expect(screen.getByText(MSG.create.queuedOffline)).toBeTruthy();
    online.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(landing().path).toBe('/product-preview'));
    expect(calls(fetch).map((c) => c.path)).toEqual(['/api/create-post']);
  });
});
