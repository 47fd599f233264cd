// An expired post on the dashboard (issue 14): marked 'Expired' with the reason, and Renew asks the
// server to renew it, then reads the list again.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyPost } from '../../../../shared/api-types';
import { MSG } from '../../../../shared/messages';
import { product } from '../../../test/post-data';
import { DashboardWithToast, renderWithApp, reply } from '../test/helpers';

const mine = (expired: boolean): MyPost => ({
  ...product({ publishedAt: '2026-01-01T08:00:00.000Z' }),
  stats: { views: 0, likes: 0, comments: 0 },
  expired,
});

afterEach(() => vi.unstubAllGlobals());

describe('an expired post on the dashboard', () => {
  it('says it expired and renews it', async () => {
    let expired = true;
    const fetch = vi.fn(async (path: string, init?: RequestInit) => {
      if (path.startsWith('/api/my-created-posts')) return reply(200, { posts: [mine(expired)] });
      expired = false;
      return reply(200, { ...mine(false).Product, path, method: init?.method });
    });
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<DashboardWithToast />, '/dashboard');
    const name = mine(true).Product?.name ?? '';
    const card = await screen.findByRole('article', { name });
    expect(within(card).getByText('Expired')).toBeTruthy();
    expect(within(card).getByText(MSG.expiry.ownerNote)).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: `Renew ${name}` }));
    expect(await screen.findByText(MSG.expiry.renewed)).toBeTruthy();
    const renewCall = fetch.mock.calls.find(([path]) => String(path).endsWith('/renew'));
    expect(renewCall?.[0]).toBe(`/api/posts/${mine(true).id}/renew`);
    expect(renewCall?.[1]?.method).toBe('POST');
    await waitFor(() => expect(within(card).queryByText('Expired')).toBeNull());
    expect(within(card).queryByRole('button', { name: `Renew ${name}` })).toBeNull();
  });
});
