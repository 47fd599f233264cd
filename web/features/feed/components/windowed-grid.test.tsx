// The feeds' windowing (issue 16): only the blocks near the screen hold cards, the others keep the
// height they were drawn at, and Back to the list draws the same blocks again. The browser's observers
// are stand-ins here that the test drives; e2e/feed-window.spec.ts checks the real thing.
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WindowedGrid } from './windowed-grid';

const blockOf = (element: Element) => Number((element as HTMLElement).dataset.block);

/** What both stand-ins share: the elements watched, and the callback the test calls in their place. */
class FakeObserver<Callback extends (entries: never[], observer: never) => void> {
  readonly elements = new Set<Element>();
  constructor(protected readonly callback: Callback) {}
  observe(element: Element) {
    this.elements.add(element);
  }
  unobserve(element: Element) {
    this.elements.delete(element);
  }
  disconnect() {
    this.elements.clear();
  }
  protected report(entries: object[]) {
    act(() => this.callback(entries as never[], this as never));
  }
}

class FakeIntersections extends FakeObserver<IntersectionObserverCallback> {
  static current: FakeIntersections | undefined;
  constructor(callback: IntersectionObserverCallback) {
    super(callback);
    FakeIntersections.current = this;
  }
  /** Reports these blocks as near the screen and every other as far from it (all as boxes of no size
   * when `hidden`, as the browser reports a list under display: none). */
  near(blocks: number[], { hidden = false } = {}) {
    this.report(
      [...this.elements].map((target) => ({
        target,
        isIntersecting: blocks.includes(blockOf(target)),
        boundingClientRect: { height: hidden ? 0 : 100 },
      })),
    );
  }
}

class FakeSizes extends FakeObserver<ResizeObserverCallback> {
  static current: FakeSizes | undefined;
  constructor(callback: ResizeObserverCallback) {
    super(callback);
    FakeSizes.current = this;
  }
  /** Every block element now measures `height` px. */
  measure(height: number) {
    for (const element of this.elements) {
      element.getBoundingClientRect = () => ({ height, top: 0 }) as DOMRect;
    }
    this.report([...this.elements].map((target) => ({ target })));
  }
}

const ids = Array.from({ length: 100 }, (_, i) => i + 1);

/** Each test's list has its own name, so no test comes back to another's saved place. */
function renderFeed() {
  return render(
    <MemoryRouter>
      <WindowedGrid
        name={expect.getState().currentTestName ?? 'test'}
        items={ids}
        itemKey={(id) => id}
        renderItem={(id) => <article>Post {id}</article>}
      />
    </MemoryRouter>,
  );
}

const drawnPosts = () => screen.queryAllByRole('article').map((card) => card.textContent);
/** Runs the tasks in which a new list draws the rest of its first cards (DrawnLater). */
const finishDrawing = () => act(() => vi.runAllTimers());
const spacers = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>('[data-drawn="false"]')].map((spacer) => ({
    block: blockOf(spacer),
    height: spacer.style.height,
  }));

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('IntersectionObserver', FakeIntersections);
  vi.stubGlobal('ResizeObserver', FakeSizes);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('WindowedGrid', () => {
  it("draws a new list's first cards at once and the others of its first block two a task", () => {
    const { container } = renderFeed();
    expect(drawnPosts()).toEqual(['Post 1', 'Post 2', 'Post 3', 'Post 4']);
    // The others wait as skeletons (aria-hidden) inside their list items, so the block has its height.
    expect(screen.getAllByRole('listitem')).toHaveLength(24);
    expect(container.querySelectorAll('[data-drawn="true"] [aria-hidden="true"]')).toHaveLength(20);
    act(() => vi.advanceTimersToNextTimer());
    expect(drawnPosts()).toHaveLength(6);
    act(() => vi.advanceTimersToNextTimer());
    expect(drawnPosts()).toHaveLength(8);
    finishDrawing();
    expect(drawnPosts()).toHaveLength(24);
    expect(container.querySelectorAll('[data-drawn="true"] [aria-hidden="true"]')).toHaveLength(0);
  });

  it('draws the first block only, and keeps room for the rest', () => {
    const { container } = renderFeed();
    finishDrawing();
    expect(drawnPosts()).toHaveLength(24);
    expect(drawnPosts()[0]).toBe('Post 1');
    expect(spacers(container).map((s) => s.block)).toEqual([1, 2, 3, 4]);
    // One list of all 100 for assistive technology, whichever are drawn.
    const items = screen.getAllByRole('listitem');
    expect(items[0]?.getAttribute('aria-posinset')).toBe('1');
    expect(items[0]?.getAttribute('aria-setsize')).toBe('100');
  });

  it('draws the blocks near the screen and leaves the others at the height they were drawn at', () => {
    const { container } = renderFeed();
    FakeSizes.current?.measure(3000);
    FakeIntersections.current?.near([2]);
    expect(drawnPosts()).toHaveLength(24);
    expect(drawnPosts()[0]).toBe('Post 49');
    expect(screen.getAllByRole('listitem')[0]?.getAttribute('aria-posinset')).toBe('49');
    const left = spacers(container);
    expect(left.find((s) => s.block === 0)?.height).toBe('3000px');
    // Never drawn: as tall as the drawn blocks were; the short last block (4 posts) as its share.
    expect(left.find((s) => s.block === 1)?.height).toBe('3000px');
    expect(left.find((s) => s.block === 4)?.height).toBe('500px');

    FakeIntersections.current?.near([2, 3]);
    expect(drawnPosts()).toHaveLength(48);
  });

  it('keeps its blocks while the list is hidden under an open post', () => {
    renderFeed();
    finishDrawing();
    FakeSizes.current?.measure(3000);
    FakeIntersections.current?.near([], { hidden: true });
    expect(drawnPosts()).toHaveLength(24);
    expect(drawnPosts()[0]).toBe('Post 1');
  });

  it('draws the same blocks when the reader comes back to the list', () => {
    const first = renderFeed();
    FakeSizes.current?.measure(3000);
    FakeIntersections.current?.near([3]);
    first.unmount();

    const { container } = renderFeed();
    // Back to the list: its blocks at once, so the reader's card is there to return to.
    expect(drawnPosts()).toHaveLength(24);
    expect(drawnPosts()[0]).toBe('Post 73');
    expect(spacers(container).find((s) => s.block === 0)?.height).toBe('3000px');
  });
});
