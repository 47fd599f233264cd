import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../shared/messages';
import { callsTo, fail, mockApi, ok, renderApp } from '../../test/render-app';
import { ViewStats } from './components/view-stats';

const statistics = ok({
  success: true,
  statistics: { totalUniqueViewers: 1200, totalViews: 2_500_000, authenticatedViewers: 7 },
  post: { id: 4, views: 2_500_000 },
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('ViewStats', () => {
  it('records ONE view per opening even under StrictMode, then shows the statistics with K/M', async () => {
    const order: string[] = [];
    const calls = mockApi((call) => {
      order.push(call.method);
      return call.method === 'POST' ? ok({ success: true, isNewView: true }) : statistics;
    });
    const { unmount } = renderApp(<ViewStats postId={4} />, { strict: true });
    expect(await screen.findByText('2.5M')).toBeTruthy();
    expect(screen.getByText('1.2K')).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/posts/4/view')).toHaveLength(1);
    expect(order[0]).toBe('POST');
    unmount();

    // Opening the detail again is a new opening.
    renderApp(<ViewStats postId={4} />);
    await screen.findByText('2.5M');
    expect(callsTo(calls, 'POST', '/api/posts/4/view')).toHaveLength(2);
  });

  it('a failed view is silent (only logged) and the statistics still load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi((call) => (call.method === 'POST' ? fail(503, 'Database unavailable') : statistics));
    renderApp(<ViewStats postId={4} />);
    expect(await screen.findByText('2.5M')).toBeTruthy();
    expect(warn).toHaveBeenCalledWith(
      'View not recorded: HTTP 503: {"success":false,"message":"Database unavailable"}',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['an error status', () => fail(500), MSG.postDetail.viewStatsFailed],
    [
      'a network failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
      MSG.postDetail.viewDataError,
    ],
    ['an answer without statistics', () => ok({ success: false }), MSG.postDetail.viewStatsUnavailable],
  ])('says so on %s', async (_name, answer, message) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi((call) => (call.method === 'POST' ? ok({ success: true, isNewView: false }) : answer()));
    renderApp(<ViewStats postId={4} />);
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('with track={false} only reads the statistics', async () => {
    const calls = mockApi(() => statistics);
    renderApp(<ViewStats postId={4} track={false} />);
    await screen.findByText('2.5M');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callsTo(calls, 'POST', '/api/posts')).toHaveLength(0);
  });
});
