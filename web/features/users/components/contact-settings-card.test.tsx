import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_CODE_HEADER, type ErrorCode } from '../../../../shared/api-errors';
import { MSG } from '../../../../shared/messages';
import { stubDialogMethods } from '../../../test/dialog';
import type { Notice } from '../notice';
import { ContactSettingsCard } from './contact-settings-card';
import { NoticeModal } from './notice-modal';

const reply = (status: number, body: object, code?: ErrorCode) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...(code ? { [ERROR_CODE_HEADER]: code } : {}) },
  });

/** The card as /profile holds it: its results in the screen's notification modal. */
function Screen() {
  const [notice, setNotice] = useState<Notice | null>(null);
  return (
    <>
      <ContactSettingsCard userId={7} onNotice={setNotice} />
      <NoticeModal notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}

function renderCard() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <Screen />
    </QueryClientProvider>,
  );
}

const toggle = () => screen.getByRole('switch', { name: MSG.contact.showPhone });
const notification = () => screen.queryByRole('dialog', { name: 'Notification' });
/** The switch once the setting has loaded. */
const loaded = () => waitFor(() => expect(toggle().hasAttribute('disabled')).toBe(false));

beforeAll(stubDialogMethods);
afterEach(() => vi.unstubAllGlobals());

describe('ContactSettingsCard', () => {
  it('reads the setting into a labelled switch with its hint', async () => {
    const fetch = vi.fn().mockResolvedValue(reply(200, { showPhoneOnPosts: true }));
    vi.stubGlobal('fetch', fetch);
    renderCard();
    // Until the answer comes it takes no taps.
    expect(toggle().hasAttribute('disabled')).toBe(true);
    await loaded();
    expect(toggle().getAttribute('aria-checked')).toBe('true');
    const hint = document.getElementById(toggle().getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(MSG.contact.showPhoneHint);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [path, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/me/contact-settings');
    expect(init.method).toBeUndefined();
  });

  it('turns the number off with PUT and says it is saved', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(reply(200, { showPhoneOnPosts: true }))
      .mockResolvedValueOnce(reply(200, { showPhoneOnPosts: false }));
    vi.stubGlobal('fetch', fetch);
    renderCard();
    await loaded();

    fireEvent.click(toggle());
    // The new position shows while it saves.
    await waitFor(() => expect(toggle().getAttribute('aria-checked')).toBe('false'));
    const dialog = await waitFor(() => notification() ?? Promise.reject(new Error('no notice')));
    expect(within(dialog).getByText(MSG.contact.saved)).toBeTruthy();
    expect(toggle().getAttribute('aria-checked')).toBe('false');

    const [path, init] = fetch.mock.calls[1] as [string, RequestInit];
    expect(path).toBe('/api/me/contact-settings');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ showPhoneOnPosts: false });
  });

  it('puts the switch back and says why when the save fails', async () => {
    const slowDown = MSG.errors.slowDown('12 minutes');
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(reply(200, { showPhoneOnPosts: false }))
        .mockResolvedValueOnce(reply(429, { message: slowDown }, 'rate_limited')),
    );
    renderCard();
    await loaded();
    expect(toggle().getAttribute('aria-checked')).toBe('false');

    fireEvent.click(toggle());
    const dialog = await waitFor(() => notification() ?? Promise.reject(new Error('no notice')));
    expect(within(dialog).getByText(MSG.errors.internal)).toBeTruthy();
    expect(within(dialog).getByText(slowDown)).toBeTruthy();
    expect(toggle().getAttribute('aria-checked')).toBe('false');
  });

  it('offers Try again when the setting cannot be read', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(reply(500, { message: MSG.errors.internal }, 'internal'))
      .mockResolvedValueOnce(reply(500, { message: MSG.errors.internal }, 'internal'))
      .mockResolvedValueOnce(reply(200, { showPhoneOnPosts: true }));
    vi.stubGlobal('fetch', fetch);
    renderCard();
    // A 5xx is tried once more (after a second) before the card gives up.
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toBe(MSG.errors.internal);
    expect(fetch).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await loaded();
    expect(toggle().getAttribute('aria-checked')).toBe('true');
  });
});
