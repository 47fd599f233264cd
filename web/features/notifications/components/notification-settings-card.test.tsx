// /settings/notifications (issue 33): five labelled switches read from the server, each change saved
// alone with PUT and confirmed in a toast, a refused one put back with the server's reason.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../../shared/messages';
import { axeViolations } from '../../../test/axe';
import { callsTo, fail, mockApi, ok, renderApp } from '../../../test/render-app';
import { NotificationSettingsCard } from './notification-settings-card';

const SETTINGS = { messages: true, comments: true, savedSearches: false, listings: true, moderation: true };
const LABELS = MSG.notifications.setting;
const toggle = (label: string) => screen.getByRole('switch', { name: label }) as HTMLInputElement;
const loaded = () => waitFor(() => expect(toggle(LABELS.messages).disabled).toBe(false));

afterEach(() => vi.unstubAllGlobals());

describe('NotificationSettingsCard', () => {
  it('reads the five email settings into labelled switches', async () => {
    const calls = mockApi((call) =>
      call.path === '/api/notification-settings' ? ok({ email: SETTINGS }) : undefined,
    );
    const { container } = renderApp(<NotificationSettingsCard />);
    // Until the answer comes they take no taps.
    expect(toggle(LABELS.messages).disabled).toBe(true);
    await loaded();
    expect(screen.getAllByRole('switch')).toHaveLength(5);
    for (const [key, label] of Object.entries(LABELS)) {
      const input = toggle(label);
      expect(input.type).toBe('checkbox');
      expect(input.checked).toBe(SETTINGS[key as keyof typeof SETTINGS]);
    }
    expect(callsTo(calls, 'GET', '/api/notification-settings')).toHaveLength(1);
    expect(await axeViolations(container)).toEqual([]);
  });

  it('saves each change alone with PUT and says so', async () => {
    const calls = mockApi((call) => {
      if (call.method === 'GET') return ok({ email: SETTINGS });
      if (call.method === 'PUT') {
        const change = (call.body as { email: Partial<typeof SETTINGS> }).email;
        return ok({ email: { ...SETTINGS, ...change } });
      }
    });
    renderApp(<NotificationSettingsCard />);
    await loaded();

    fireEvent.click(toggle(LABELS.savedSearches));
    expect(toggle(LABELS.savedSearches).checked).toBe(true);
    expect((await screen.findByRole('status')).textContent).toBe(MSG.notifications.settingsSaved);
    fireEvent.click(toggle(LABELS.comments));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/notification-settings')).toHaveLength(2));

    const puts = callsTo(calls, 'PUT', '/api/notification-settings');
    expect(puts.map((put) => put.body)).toEqual([
      { email: { savedSearches: true } },
      { email: { comments: false } },
    ]);
    await waitFor(() => expect(toggle(LABELS.comments).checked).toBe(false));
    expect(toggle(LABELS.savedSearches).checked).toBe(true);
    expect(toggle(LABELS.messages).checked).toBe(true);
  });

  it('puts the switch back and says why when the save is refused', async () => {
    const slowDown = MSG.errors.slowDown('12 minutes');
    mockApi((call) => {
      if (call.method === 'GET') return ok({ email: SETTINGS });
      if (call.method === 'PUT') return fail(429, slowDown, 'rate_limited');
    });
    renderApp(<NotificationSettingsCard />);
    await loaded();
    fireEvent.click(toggle(LABELS.moderation));
    expect((await screen.findByRole('alert')).textContent).toBe(slowDown);
    expect(toggle(LABELS.moderation).checked).toBe(true);
  });
});
