import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatPostingDate } from '../../../shared/format';
import { advance, callsTo, fail, mockApi, ok, renderApp, settle } from '../../test/render-app';
import { BlockedUsersCard, useBlockUser } from '.';

const BLESSING = { id: 12, name: 'Blessing Dube', blockedAt: '2026-03-05T13:04:00.000Z' };
const FARAI = { id: 9, name: 'Farai Moyo', blockedAt: '2026-01-20T08:00:00.000Z' };

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const rows = () => within(screen.getByRole('list')).getAllByRole('listitem');

describe('BlockedUsersCard', () => {
  it('lists the people blocked, with since when, under its heading', async () => {
    mockApi((call) => (call.path === '/api/blocks' ? ok({ users: [BLESSING, FARAI] }) : undefined));
    renderApp(<BlockedUsersCard />);
    expect(screen.getByText('Loading...').getAttribute('role')).toBe('status');
    await settle();

    expect(screen.getByRole('region', { name: 'People you blocked' })).toBeTruthy();
    const [first, second] = rows();
    expect(first?.textContent).toContain('Blessing Dube');
    expect(first?.textContent).toContain(`Blocked since ${formatPostingDate(BLESSING.blockedAt)}`);
    expect(first?.querySelector('time')?.getAttribute('datetime')).toBe(BLESSING.blockedAt);
    expect(second?.textContent).toContain('Farai Moyo');
    // Each button is named for whom it unblocks.
    expect(screen.getByRole('button', { name: 'Unblock Blessing Dube' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unblock Farai Moyo' })).toBeTruthy();
  });

  it('says so when nobody is blocked', async () => {
    mockApi((call) => (call.path === '/api/blocks' ? ok({ users: [] }) : undefined));
    renderApp(<BlockedUsersCard />);
    await settle();
    expect(screen.getByText("You haven't blocked anyone.")).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('unblocks one: the row goes, focus moves to the heading, and the change is announced', async () => {
    let users = [BLESSING, FARAI];
    const calls = mockApi((call) => {
      if (call.method === 'GET' && call.path === '/api/blocks') return ok({ users });
      if (call.method === 'DELETE' && call.path === '/api/blocks/12') {
        users = [FARAI];
        return ok({ userId: 12, blocked: false });
      }
    });
    renderApp(<BlockedUsersCard />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Unblock Blessing Dube' }));
    await settle();

    expect(callsTo(calls, 'DELETE', '/api/blocks/12')).toHaveLength(1);
    expect(rows()).toHaveLength(1);
    expect(rows()[0]?.textContent).toContain('Farai Moyo');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'People you blocked' }));
    expect(screen.getByRole('status').textContent).toBe('Blessing Dube unblocked.');
  });

  it('keeps the row and says why when the unblock fails', async () => {
    mockApi((call) => {
      if (call.method === 'GET') return ok({ users: [BLESSING] });
      return fail(429, "You're doing that too often. Please try again in 5 minutes.", 'rate_limited');
    });
    renderApp(<BlockedUsersCard />);
    await settle();
    const button = screen.getByRole('button', { name: 'Unblock Blessing Dube' });
    fireEvent.click(button);
    await settle();

    expect(rows()).toHaveLength(1);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe("You're doing that too often. Please try again in 5 minutes.");
    expect(button.getAttribute('aria-describedby')).toBe(alert.id);
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows an error with Try again when the list does not load, and loads it on Try again', async () => {
    let down = true;
    const calls = mockApi(() => (down ? fail(503, 'Unavailable', 'unavailable') : ok({ users: [FARAI] })));
    renderApp(<BlockedUsersCard />);
    await advance(5000); // a server error is asked again once
    expect(callsTo(calls, 'GET', '/api/blocks')).toHaveLength(2);
    expect(screen.getByRole('alert').textContent).toBe('Could not load the people you blocked.');

    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(callsTo(calls, 'GET', '/api/blocks')).toHaveLength(3);
    expect(rows()[0]?.textContent).toContain('Farai Moyo');
  });
});

describe('useBlockUser', () => {
  it('blocks through PUT /api/blocks/{userId} and reads the blocked list again', async () => {
    let users: (typeof BLESSING)[] = [];
    const calls = mockApi((call) => {
      if (call.method === 'GET' && call.path === '/api/blocks') return ok({ users });
      if (call.method === 'PUT' && call.path === '/api/blocks/12') {
        users = [BLESSING];
        return ok({ userId: 12, blocked: true });
      }
    });
    let block: ReturnType<typeof useBlockUser> | undefined;
    function Blocker({ children }: { children?: ReactNode }) {
      block = useBlockUser();
      return <>{children}</>;
    }
    renderApp(
      <Blocker>
        <BlockedUsersCard />
      </Blocker>,
    );
    await settle();
    expect(screen.getByText("You haven't blocked anyone.")).toBeTruthy();

    await act(async () => {
      block?.mutate(12);
    });
    await settle();
    expect(callsTo(calls, 'PUT', '/api/blocks/12')).toHaveLength(1);
    expect(callsTo(calls, 'GET', '/api/blocks')).toHaveLength(2);
    expect(rows()[0]?.textContent).toContain('Blessing Dube');
  });
});
