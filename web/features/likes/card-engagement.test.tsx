import { focusManager } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Engagement } from '../../../shared/api-types';
import { advance, callsTo, mockApi, ok, renderApp, settle } from '../../test/render-app';
import { Cards } from './test-cards';

/** Shows the cards, or (like the in-place detail) hides them; the toggle is driven from the test. */
let setShown: (shown: boolean) => void = () => {};
function Feed({ ids }: { ids: number[] }) {
  const [shown, set] = useState(true);
  setShown = set;
  return shown ? <Cards ids={ids} /> : <p>detail</p>;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

function engagementApi(likeCount = 3) {
  return mockApi((call) => {
    const ids = new URL(call.path, 'http://x').searchParams.get('postIds')?.split(',') ?? [];
    const data: Record<string, Engagement> = {};
    for (const id of ids) data[id] = { likeCount: likeCount * 1000, commentCount: 1, isLiked: id === '2' };
    return ok({ success: true, data });
  });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  focusManager.setFocused(undefined);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('useCardEngagement + CardEngagementBar', () => {
  it('fetches a page of 12 cards in ONE batched call and shows the counts with K', async () => {
    const calls = engagementApi();
    renderApp(<Cards ids={range(12)} />);
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toBe('/api/likes/engagement?postIds=1,2,3,4,5,6,7,8,9,10,11,12');
    expect(screen.getAllByText('3K')).toHaveLength(12);
    expect(screen.getByText('3K likes, including yours')).toBeTruthy();
    expect(screen.getAllByText('1 comment')).toHaveLength(12);
  });

  it("reads every card's counts through one subscription to the cache, ended when the cards go", async () => {
    engagementApi();
    const cache = () => queryClient.getQueryCache() as unknown as { listeners: Set<unknown> };
    const { queryClient, unmount } = renderApp(<Cards ids={range(12)} />);
    await settle();
    expect(screen.getAllByText('3K')).toHaveLength(12);
    expect(cache().listeners.size).toBe(1);
    unmount();
    expect(cache().listeners.size).toBe(0);
  });

  it("waits for the page to be idle before the cards' first counts: the screen and its covers come first", async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (work: () => void) => idle.push(work));
    vi.stubGlobal('cancelIdleCallback', () => {});
    const calls = engagementApi();
    renderApp(<Cards ids={range(4)} />);
    await settle();
    expect(calls).toHaveLength(0);
    expect(screen.getAllByText('–')).toHaveLength(8);
    await act(async () => {
      for (const work of idle.splice(0)) work();
    });
    await settle();
    expect(calls).toHaveLength(1);
    expect(screen.getAllByText('3K')).toHaveLength(4);
  });

  it('splits more than 50 cards into calls of at most 50 ids', async () => {
    const calls = engagementApi();
    renderApp(<Cards ids={range(120)} />);
    await settle();
    expect(calls.map((call) => call.path.split('=')[1]?.split(',').length)).toEqual([50, 50, 20]);
  });

  it('refreshes every 30 s', async () => {
    const calls = engagementApi();
    renderApp(<Cards ids={range(5)} />);
    await settle();
    await advance(29_900);
    expect(calls).toHaveLength(1);
    await advance(100);
    expect(calls).toHaveLength(2);
    await advance(30_000);
    expect(calls).toHaveLength(3);
    expect(callsTo(calls, 'GET', '/api/likes/engagement?postIds=1,2,3,4,5')).toHaveLength(3);
  });

  it('skips a refresh asked for under 15 s after the last fetch (back to the cards, back to the tab)', async () => {
    const calls = engagementApi();
    renderApp(<Feed ids={range(5)} />);
    await settle();
    await advance(5_000);
    act(() => setShown(false));
    await settle();
    await advance(5_000);
    act(() => setShown(true));
    await settle();
    expect(calls).toHaveLength(1);

    act(() => focusManager.setFocused(false));
    await advance(2_000);
    act(() => focusManager.setFocused(true));
    await settle();
    expect(calls).toHaveLength(1);

    // 16 s after the fetch, coming back to the tab does refresh.
    act(() => focusManager.setFocused(false));
    await advance(4_000);
    act(() => focusManager.setFocused(true));
    await settle();
    expect(calls).toHaveLength(2);
  });

  it('shows a placeholder (not zero) until the batch arrives', async () => {
    mockApi(() => new Promise(() => {}));
    renderApp(<Cards ids={[1]} />);
    await settle();
    expect(screen.queryByText('0')).toBeNull();
    expect(screen.getAllByText('–')).toHaveLength(2);
  });
});
