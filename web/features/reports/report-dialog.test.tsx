import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../shared/messages';
import { REPORT_REASON_LABELS } from '../../../shared/moderation';
import { stubDialogMethods } from '../../test/dialog';
import { callsTo, fail, mockApi, ok, renderApp, settle, TEST_USER } from '../../test/render-app';
import { ReportButton } from './components/report-button';

beforeAll(stubDialogMethods);
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const dialog = () => screen.getByRole('dialog', { name: 'Report this post' });
const type = (field: HTMLElement, value: string) => {
  fireEvent.input(field, { target: { value } });
  fireEvent.change(field, { target: { value } });
};

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Report this post' }));
  await settle();
  expect(dialog().hasAttribute('open')).toBe(true);
}

const renderButton = (ownerId = 3) =>
  renderApp(<ReportButton targetType="post" targetId={7} ownerId={ownerId} context="this post" />);

describe('Report dialog', () => {
  it('asks for a reason first, then sends the choice and the note and shows the thank-you', async () => {
    const calls = mockApi((call) =>
      call.path === '/api/reports'
        ? { status: 201, body: { success: true, message: MSG.reports.thanks, alreadyReported: false } }
        : undefined,
    );
    renderButton();
    await settle();
    await openDialog();
    const radios = within(dialog()).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual(
      Object.values(REPORT_REASON_LABELS),
    );

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Send report' }));
    await settle();
    expect(within(dialog()).getByText('Please choose a reason.')).toBeTruthy();
    expect(document.activeElement).toBe(radios[0]);
    expect(callsTo(calls, 'POST', '/api/reports')).toHaveLength(0);

    fireEvent.click(within(dialog()).getByLabelText('Scam or fraud'));
    type(within(dialog()).getByLabelText(/Anything a moderator should know/), '  Asks for a deposit  ');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Send report' }));
    await settle();
    expect(callsTo(calls, 'POST', '/api/reports')[0]?.body).toEqual({
      targetType: 'post',
      targetId: 7,
      reason: 'scam',
      note: 'Asks for a deposit',
    });
    expect(within(dialog()).getByRole('status').textContent).toBe(MSG.reports.thanks);
    const close = within(dialog()).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    fireEvent.click(close);
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();

    // Opened again, the dialog starts afresh.
    await openDialog();
    expect(within(dialog()).queryByRole('status')).toBeNull();
    expect(
      within(dialog())
        .getAllByRole('radio')
        .some((radio) => (radio as HTMLInputElement).checked),
    ).toBe(false);
  });

  it("shows the server's message when the user had reported it already", async () => {
    mockApi(() => ok({ success: true, message: MSG.reports.already, alreadyReported: true }));
    renderButton();
    await settle();
    await openDialog();
    fireEvent.click(within(dialog()).getByLabelText('Spam or repeated ad'));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Send report' }));
    await settle();
    expect(within(dialog()).getByRole('status').textContent).toBe(MSG.reports.already);
  });

  it("keeps the form and shows the server's reason when the report is refused", async () => {
    mockApi(() => fail(403, MSG.reports.ownPost, 'forbidden'));
    renderButton();
    await settle();
    await openDialog();
    fireEvent.click(within(dialog()).getByLabelText('Something else'));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Send report' }));
    await settle();
    expect(within(dialog()).getByRole('alert').textContent).toBe(MSG.reports.ownPost);
    expect(within(dialog()).getByRole('button', { name: 'Send report' })).toBeTruthy();
  });

  it('says the generic failure when the server cannot be reached', async () => {
    mockApi(() => fail(500, 'boom', 'internal'));
    renderButton();
    await settle();
    await openDialog();
    fireEvent.click(within(dialog()).getByLabelText('Wrong category'));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Send report' }));
    await settle();
    expect(within(dialog()).getByRole('alert').textContent).toBe(MSG.reports.failed);
  });

  it('is not offered on your own post, and sends visitors to sign in', async () => {
    mockApi(() => undefined);
    const { unmount } = renderButton(TEST_USER.id);
    await settle();
    expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();
    unmount();

    mockApi(() => undefined, null);
    renderButton();
    await settle();
    expect(screen.getByRole('link', { name: 'Report this post' }).getAttribute('href')).toBe(
      '/login?next=%2F',
    );
  });
});
