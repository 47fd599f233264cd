// /notifications (issue 33): newest first with 'Show older', unread rows marked for eyes and screen
// readers, opening a row marks it read, 'Mark all as read' sets the header's count to the answer, and
// the empty state with its links.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../../shared/messages';
import { axeViolations } from '../../../test/axe';
import { callsTo, mockApi, ok, renderApp } from '../../../test/render-app';
import { notification } from '../test-data';
import { NotificationList } from './notification-list';
import { NotificationsBell } from './notifications-bell';

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="where">{pathname}</p>;
}

/** The screen as the app shows it: the header's bell above the routes. */
function renderScreen() {
  return renderApp(
    <>
      <NotificationsBell onClick={() => {}} />
      <Where />
      <Routes>
        <Route path="/notifications" element={<NotificationList />} />
        <Route path="*" element={<h1>Elsewhere</h1>} />
      </Routes>
    </>,
    { at: '/notifications' },
  );
}

const bellLabel = () => screen.getByRole('link', { name: /^Notifications/ }).getAttribute('aria-label');
const rowLink = (text: string) => screen.getByRole('link', { name: new RegExp(text) });

afterEach(() => vi.unstubAllGlobals());

describe('NotificationList', () => {
  it('lists newest first, marks unread rows and pages older ones with Show older', async () => {
    const calls = mockApi((call) => {
      if (call.path === '/api/me/unread') return ok({ messages: 0, notifications: 1 });
      if (call.path === '/api/notifications')
        return ok({
          notifications: [
            notification(3, { text: 'Tendai commented on your post' }),
            notification(2, { text: 'Your post expires tomorrow', kind: 'expiring', read: true }),
          ],
          nextCursor: 'c1',
        });
      if (call.path === '/api/notifications?cursor=c1')
        return ok({
          notifications: [notification(1, { text: 'Rudo liked your post', kind: 'like', read: true })],
          nextCursor: null,
        });
    });
    const { container } = renderScreen();
    await screen.findByText('Tendai commented on your post');

    const unread = rowLink('Tendai commented');
    // Not by colour alone: the word for screen readers, a dot and bold text for eyes.
    expect(unread.textContent).toContain(`${MSG.notifications.unreadMark}: Tendai commented on your post`);
    expect(unread.querySelector('[aria-hidden="true"].rounded-full')).not.toBeNull();
    const read = rowLink('Your post expires');
    expect(read.textContent).not.toContain(MSG.notifications.unreadMark);
    expect(read.getAttribute('href')).toBe('/posts/2');
    // A relative time, as the inbox's rows have.
    expect(within(read).getByText(/^\d+m$/).tagName).toBe('TIME');
    expect(await axeViolations(container)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: MSG.notifications.loadMore }));
    await screen.findByText('Rudo liked your post');
    expect(callsTo(calls, 'GET', '/api/notifications?cursor=c1')).toHaveLength(1);
    const texts = screen.getAllByRole('listitem').map((row) => row.textContent ?? '');
    expect(texts.map((t) => t.replace(/\d+m$/, ''))).toEqual([
      `${MSG.notifications.unreadMark}: Tendai commented on your post`,
      'Your post expires tomorrow',
      'Rudo liked your post',
    ]);
    // The last page: no more to show.
    expect(screen.queryByRole('button', { name: MSG.notifications.loadMore })).toBeNull();
  });

  it('marks a row read when it is opened, and the bell takes the answer', async () => {
    const calls = mockApi((call) => {
      if (call.path === '/api/me/unread') return ok({ messages: 0, notifications: 2 });
      if (call.path === '/api/notifications')
        return ok({
          notifications: [
            notification(5, { text: 'Your post was hidden', kind: 'moderation', link: '/account' }),
            notification(4, { text: 'A saved search has new posts', kind: 'saved-search' }),
          ],
          nextCursor: null,
        });
      if (call.path === '/api/notifications/read') return ok({ unread: 1 });
    });
    renderScreen();
    await screen.findByText('Your post was hidden');
    await waitFor(() => expect(bellLabel()).toBe(MSG.notifications.bell(2)));

    fireEvent.click(rowLink('Your post was hidden'));
    await screen.findByRole('heading', { name: 'Elsewhere' });
    expect(screen.getByTestId('where').textContent).toBe('/account');
    await waitFor(() => expect(bellLabel()).toBe(MSG.notifications.bell(1)));
    const marks = callsTo(calls, 'POST', '/api/notifications/read');
    expect(marks).toHaveLength(1);
    expect(marks[0]?.body).toEqual({ ids: [5] });
  });

  it('does not mark a read row again', async () => {
    const calls = mockApi((call) => {
      if (call.path === '/api/me/unread') return ok({ messages: 0, notifications: 0 });
      if (call.path === '/api/notifications')
        return ok({ notifications: [notification(6, { text: 'Old news', read: true })], nextCursor: null });
    });
    renderScreen();
    fireEvent.click(await screen.findByRole('link', { name: /Old news/ }));
    await screen.findByRole('heading', { name: 'Elsewhere' });
    expect(callsTo(calls, 'POST', '/api/notifications/read')).toHaveLength(0);
  });

  it('marks all as read with no ids and sets the count to the answer', async () => {
    const calls = mockApi((call) => {
      if (call.path === '/api/me/unread') return ok({ messages: 0, notifications: 7 });
      if (call.path === '/api/notifications')
        return ok({
          notifications: [notification(9, { text: 'First news' }), notification(8, { text: 'Second news' })],
          nextCursor: 'more',
        });
      if (call.path === '/api/notifications/read') return ok({ unread: 0 });
    });
    renderScreen();
    await screen.findByText('First news');
    await waitFor(() => expect(bellLabel()).toBe(MSG.notifications.bell(7)));

    fireEvent.click(screen.getByRole('button', { name: MSG.notifications.markAllRead }));
    await waitFor(() => expect(bellLabel()).toBe('Notifications'));
    const marks = callsTo(calls, 'POST', '/api/notifications/read');
    expect(marks).toHaveLength(1);
    expect(marks[0]?.body).toEqual({});
    for (const name of ['First news', 'Second news'])
      expect(rowLink(name).textContent).not.toContain(MSG.notifications.unreadMark);
    // Nothing unread is left: the button takes no more taps (and keeps the focus).
    const button = screen.getByRole('button', { name: MSG.notifications.markAllRead });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(callsTo(calls, 'POST', '/api/notifications/read')).toHaveLength(1);
  });

  it('says there is nothing yet, and links to the saved searches and the email settings', async () => {
    mockApi((call) => {
      if (call.path === '/api/me/unread') return ok({ messages: 0, notifications: 0 });
      if (call.path === '/api/notifications') return ok({ notifications: [], nextCursor: null });
    });
    const { container } = renderScreen();
    await screen.findByText(MSG.notifications.empty);
    expect(screen.queryByRole('button', { name: MSG.notifications.markAllRead })).toBeNull();
    expect(screen.getByRole('link', { name: MSG.notifications.settingsLink }).getAttribute('href')).toBe(
      '/settings/notifications',
    );
    expect(screen.getByRole('link', { name: MSG.savedSearches.title }).getAttribute('href')).toBe(
      '/saved-searches',
    );
    expect(await axeViolations(container)).toEqual([]);
  });

  it('offers Try again when the list cannot be read', async () => {
    let failing = true;
    mockApi((call) => {
      if (call.path === '/api/me/unread') return ok({ messages: 0, notifications: 0 });
      if (call.path === '/api/notifications')
        return failing
          ? { status: 500, body: { message: 'boom' }, code: 'internal' }
          : ok({ notifications: [notification(1, { text: 'Back again' })], nextCursor: null });
    });
    renderScreen();
    // A 5xx is tried once more (after a second) before the list gives up.
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toBe(MSG.errors.internal);
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: MSG.messages.tryAgain }));
    await screen.findByText('Back again');
  });
});
