import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODE_HEADER, type ErrorCode } from '../../../../shared/api-errors';
import { MSG } from '../../../../shared/messages';
import { PasswordSteps } from './password-steps';

const reply = (status: number, body: object, code?: ErrorCode) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...(code ? { [ERROR_CODE_HEADER]: code } : {}) },
  });

function renderSteps() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PasswordSteps userId={7} email="rudo@example.co.zw" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label, { exact: true }), { target: { value } });

afterEach(() => vi.unstubAllGlobals());

describe('PasswordSteps', () => {
  it('shows the new-password fields only after the check, and sends nothing on a mismatch', async () => {
    const fetch = vi.fn().mockResolvedValueOnce(reply(200, { message: MSG.password.correct }));
    vi.stubGlobal('fetch', fetch);
    renderSteps();
    expect(screen.queryByLabelText('New password')).toBeNull();

    type('Current password', 'my old password');
    fireEvent.click(screen.getByRole('button', { name: 'Verify password' }));
    await screen.findByText(MSG.password.correct);
    const [path, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/current-user-password');
    expect(String(init.body)).toBe('currentUser=7&providedPassword=my+old+password');

    type('New password', 'a new passphrase');
    type('Confirm new password', 'a different one');
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText(MSG.password.mismatch)).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('says Password is incorrect and stays on step 1', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(reply(401, { message: MSG.password.incorrect }, 'wrong_password')),
    );
    renderSteps();
    type('Current password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Verify password' }));
    expect(await screen.findByText(MSG.password.incorrect)).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
