// The header's bell (issue 33): its count from GET /api/me/unread, kept current by the live stream's
// `unread` events whatever Data saver says, and the stream's `notification` events going into an open
// list (the conversations feature's stream, with this feature's listener as the layout passes it).
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../../shared/messages';
import { Header } from '../../../app/header';
import { setDataSaver } from '../../../lib/data-saver';
import { axeViolations } from '../../../test/axe';
import { FakeEventSource } from '../../../test/fake-event-source';
import { callsTo, mockApi, ok, renderApp } from '../../../test/render-app';
import { LiveConnection } from '../../conversations';
import { notificationsLive } from '../live';
import { notification } from '../test-data';
import { NotificationList } from './notification-list';

const LISTENERS = [notificationsLive];
const bell = () => screen.getByRole('link', { name: /^Notifications/ });

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

describe('NotificationsBell', () => {
  it('shows the unread count in the header, named for screen readers, linking to /notifications', async () => {
    const calls = mockApi((call) =>
      call.path === '/api/me/unread' ? ok({ messages: 1, notifications: 3 }) : undefined,
    );
    const { container } = renderApp(<Header />, { at: '/home' });
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe(MSG.notifications.bell(3)));
    expect(MSG.notifications.bell(3)).toBe('Notifications, 3 unread');
    expect(bell().getAttribute('href')).toBe('/notifications');
    // The number is drawn, and hidden from readers (the name says it).
    const badge = within(bell()).getByText('3');
    expect(badge.getAttribute('aria-hidden')).toBe('true');
    // One request for both counts: the messages' icon and the bell share it.
    expect(screen.getAllByRole('link', { name: 'Messages, 1 unread' }).length).toBeGreaterThan(0);
    expect(callsTo(calls, 'GET', '/api/me/unread')).toHaveLength(1);
    expect(await axeViolations(container)).toEqual([]);
  });

  it('says nothing at 0 and draws no badge', async () => {
    const calls = mockApi((call) =>
      call.path === '/api/me/unread' ? ok({ messages: 0, notifications: 0 }) : undefined,
    );
    renderApp(<Header />, { at: '/home' });
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/me/unread')).toHaveLength(1));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(bell().textContent).toBe('');
  });

  it("follows the stream's unread events, Data saver on or not", async () => {
    setDataSaver(true);
    mockApi((call) => (call.path === '/api/me/unread' ? ok({ messages: 0, notifications: 1 }) : undefined));
    renderApp(
      <>
        <Header />
        <LiveConnection listeners={LISTENERS} />
      </>,
      { at: '/home' },
    );
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe(MSG.notifications.bell(1)));
    const stream = FakeEventSource.current();
    stream.emit('open');
    stream.emit('unread', { messages: 0, notifications: 4 }, '17');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe(MSG.notifications.bell(4)));
    expect(within(bell()).getByText('4')).toBeTruthy();
    stream.emit('unread', { messages: 2, notifications: 0 }, '18');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
  });

  it('puts a notification from the stream first in the open list, once', async () => {
    mockApi((call) => {
      if (call.path === '/api/me/unread') return ok({ messages: 0, notifications: 1 });
      if (call.path === '/api/notifications')
        return ok({ notifications: [notification(1, { text: 'Older news' })], nextCursor: null });
    });
    renderApp(
      <>
        <LiveConnection listeners={LISTENERS} />
        <NotificationList />
      </>,
      { at: '/notifications' },
    );
    await screen.findByText('Older news');
    const stream = FakeEventSource.current();
    stream.emit('open');
    const fresh = notification(2, {
      text: 'Tendai commented on your post',
      createdAt: new Date().toISOString(),
    });
    stream.emit('notification', fresh, '20');
    await screen.findByText('Tendai commented on your post');
    // A grouped one that gained an actor comes again with the same id: it moves, it is not doubled.
    stream.emit('notification', { ...fresh, text: 'Tendai and Rudo commented on your post' }, '21');
    await screen.findByText('Tendai and Rudo commented on your post');
    const rows = screen.getAllByRole('listitem').map((row) => row.textContent ?? '');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('Tendai and Rudo commented on your post');
    expect(rows[1]).toContain('Older news');
  });

  it('asks for the list again when a fresh connection may have missed some', async () => {
    const calls = mockApi((call) => {
      if (call.path === '/api/me/unread') return ok({ messages: 0, notifications: 0 });
      if (call.path === '/api/notifications') return ok({ notifications: [], nextCursor: null });
    });
    renderApp(
      <>
        <LiveConnection listeners={LISTENERS} />
        <NotificationList />
      </>,
      { at: '/notifications' },
    );
    await screen.findByText(MSG.notifications.empty);
    const stream = FakeEventSource.current();
    stream.emit('open');
    expect(callsTo(calls, 'GET', '/api/notifications')).toHaveLength(1);
    // Opened again without an event id to replay from (none came): what was missed is asked for.
    stream.emit('open');
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/notifications')).toHaveLength(2));
  });
});
