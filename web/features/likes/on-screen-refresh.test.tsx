// What an idle feed downloads (issue 16): each card's counts once when it arrives, then every 30 s only
// the cards on screen, and nothing while the tab is hidden.
import { focusManager } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Engagement } from '../../../shared/api-types';
import { advance, mockApi, ok, renderApp, settle } from '../../test/render-app';
import { Cards } from './test-cards';

/** A stand-in for the browser's IntersectionObserver: the test says which cards are on screen. */
class FakeObserver {
  static instance: FakeObserver | undefined;
  readonly elements = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.instance = this;
  }
  observe(element: Element) {
    this.elements.add(element);
  }
  unobserve(element: Element) {
    this.elements.delete(element);
  }
  disconnect() {}
  /** Reports the cards with these ids as on screen and every other one as off it. */
  show(ids: number[]) {
    const entries = [...this.elements].map((target) => ({
      target,
      isIntersecting: ids.includes(Number(target.getAttribute('data-testid')?.split('-')[1])),
    }));
    this.callback(entries as unknown as IntersectionObserverEntry[], this as unknown as IntersectionObserver);
  }
}
vi.stubGlobal('IntersectionObserver', FakeObserver);

/** A feed whose pages the test adds. */
let setFeedIds: (ids: number[]) => void = () => {};
function GrowingFeed({ initial }: { initial: number[] }) {
  const [ids, set] = useState(initial);
  setFeedIds = set;
  return <Cards ids={ids} />;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const askedFor = (calls: { path: string }[]) =>
  calls.map((call) => new URL(call.path, 'http://x').searchParams.get('postIds'));

function engagementApi() {
  return mockApi((call) => {
    const ids = new URL(call.path, 'http://x').searchParams.get('postIds')?.split(',') ?? [];
    const data: Record<string, Engagement> = {};
    for (const id of ids) data[id] = { likeCount: 1, commentCount: 0, isLiked: false };
    return ok({ success: true, data });
  });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  focusManager.setFocused(undefined);
  vi.useRealTimers();
  localStorage.clear();
});

describe('card engagement on a long feed', () => {
  it('asks for each page of cards once as the feed grows, never again for the cards before', async () => {
    const calls = engagementApi();
    renderApp(<GrowingFeed initial={range(1, 10)} />);
    await settle();
    act(() => setFeedIds(range(1, 20)));
    await settle();
    act(() => setFeedIds(range(1, 30)));
    await settle();
    expect(askedFor(calls)).toEqual([range(1, 10), range(11, 20), range(21, 30)].map((r) => r.join(',')));
  });

  it('refreshes every 30 s only the cards on screen, and nothing while the tab is hidden', async () => {
    const calls = engagementApi();
    renderApp(<Cards ids={range(1, 60)} />);
    await settle();
    expect(calls).toHaveLength(2); // 50 + 10: the first fetch of every card
    act(() => FakeObserver.instance?.show([41, 42, 43]));
    await advance(30_000);
    expect(askedFor(calls).slice(2)).toEqual(['41,42,43']);

    act(() => focusManager.setFocused(false));
    await advance(120_000);
    expect(calls).toHaveLength(3);
    act(() => focusManager.setFocused(true));
    await settle();
    expect(askedFor(calls).slice(3)).toEqual(['41,42,43']);
  });
});
