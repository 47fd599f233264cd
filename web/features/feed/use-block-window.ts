// Windowing for the long feeds (issue 16): a feed of 2,000 cards must not keep 2,000 cards in the page.
// The list is cut into blocks of BLOCK_SIZE cards; a block near the viewport is rendered, every other
// block is an empty box of the height it had when it was last drawn (or an estimate until it has been),
// so the page keeps its height, the scroll bar and the browser's scroll anchoring behave as without
// windowing, and the page holds at most a few blocks of cards. Blocks are a whole number of grid rows
// at 1, 2 or 3 columns, so each block lays out exactly as the full grid would.
//
// Back to the list after leaving it (a post, another screen) restores the same blocks, heights and
// reading place (use-reading-place.ts) from a snapshot kept per history entry.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { type ReadingPlace, useReadingPlace } from './use-reading-place';

/** Cards per block: divisible by 1, 2 and 3 columns. */
export const BLOCK_SIZE = 24;
/** How far beyond the viewport (in viewport heights, above and below) blocks stay drawn. */
const NEAR_MARGIN = '150% 0px';
/** A block's height before it has been drawn once at this width and none has (a phone's 24 cards). */
const FIRST_ESTIMATE = BLOCK_SIZE * 200;
/** Cards a list's first draw shows in its first task (a phone's screen, a desktop's first row and more);
 * the others of that draw wait their turn (DrawnLater, components/ui/drawn-later.tsx). */
const FIRST_DRAW = 4;
/** Snapshots kept for Back: one per list and history entry, the oldest dropped first. */
const MAX_SNAPSHOTS = 20;

interface Snapshot {
  firstKey: string;
  width: number;
  heights: Map<number, number>;
  near: Set<number>;
  place: ReadingPlace | undefined;
}
const snapshots = new Map<string, Snapshot>();

function remember(key: string, snapshot: Snapshot) {
  snapshots.delete(key);
  snapshots.set(key, snapshot);
  if (snapshots.size > MAX_SNAPSHOTS) snapshots.delete(snapshots.keys().next().value as string);
}

const canObserve = () => typeof IntersectionObserver !== 'undefined' && typeof ResizeObserver !== 'undefined';

/**
 * `count` items in blocks; `firstKey` names the list's first item (a new first item is a new list);
 * `name` tells this list from others in the same history entry; `active` is false while the list is
 * hidden (a post open over it), when nothing is measured or dropped.
 */
export function useBlockWindow({
  count,
  firstKey,
  name,
  active = true,
}: {
  count: number;
  firstKey: string;
  name: string;
  active?: boolean;
}) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const snapshotKey = `${name}@${location.key}`;
  // Back (or Forward) to this entry: its blocks and place as they were, when the list and the width are
  // the same; otherwise the old offset for the same list at another width, the top for another list.
  const [{ restored, place: backTo }] = useState(() => {
    const saved = navigationType === 'POP' ? snapshots.get(snapshotKey) : undefined;
    if (!saved) return {};
    if (saved.firstKey !== firstKey) return { place: { index: -1, top: 0, scrollY: 0 } };
    if (saved.width !== window.innerWidth) return { place: saved.place && { ...saved.place, index: -1 } };
    return { restored: saved, place: saved.place };
  });
  const heights = useRef(new Map(restored?.heights));
  const [near, setNear] = useState<ReadonlySet<number>>(() => restored?.near ?? new Set([0]));
  const listRef = useRef<HTMLDivElement>(null);
  const place = useReadingPlace(listRef, backTo, active);
  const width = useRef(window.innerWidth);
  const elements = useRef(new Map<number, Element>());
  const observers = useRef<{ near: IntersectionObserver; size: ResizeObserver } | null>(null);
  const enabled = canObserve();
  // The list's first draw with cards goes in steps, except Back to it, when the reader's card must be
  // there at once. Cards that arrive or come near later are drawn at once.
  const firstDraw = useRef(restored === undefined && backTo === undefined);
  useEffect(() => {
    if (count > 0) firstDraw.current = false;
  }, [count]);
  const drawLaterFrom = firstDraw.current ? FIRST_DRAW : Number.POSITIVE_INFINITY;

  // The snapshot Back will use (the blocks as they are drawn, so the page is as tall as it was and the
  // reader's card is there to go back to), saved when the list goes, under the entry it goes from.
  const latest = useRef({ snapshotKey, firstKey, near });
  latest.current = { snapshotKey, firstKey, near };
  useEffect(
    () => () =>
      remember(latest.current.snapshotKey, {
        firstKey: latest.current.firstKey,
        width: width.current,
        heights: new Map(heights.current),
        near: new Set(latest.current.near),
        place: place.current,
      }),
    [place],
  );

  // One observer for "near the viewport" and one for block heights, while the list shows: gone in the
  // same commit that hides it (a hidden block has no box and would read as far away), made again when
  // it shows, so every block reports where it now is.
  useLayoutEffect(() => {
    if (!enabled || !active) return;
    const blockOf = (element: Element) => Number((element as HTMLElement).dataset.block);
    const nearObserver = new IntersectionObserver(
      (entries) => {
        setNear((current) => {
          const next = new Set(current);
          for (const entry of entries) {
            if (entry.boundingClientRect.height === 0) continue; // hidden: says nothing of the distance
            if (entry.isIntersecting) next.add(blockOf(entry.target));
            else next.delete(blockOf(entry.target));
          }
          return next.size === current.size && [...next].every((b) => current.has(b)) ? current : next;
        });
      },
      { rootMargin: NEAR_MARGIN },
    );
    const sizeObserver = new ResizeObserver((entries) => {
      if (window.innerWidth !== width.current) {
        // Another width (a turned phone): every height drawn before is wrong now.
        width.current = window.innerWidth;
        heights.current.clear();
      }
      for (const entry of entries) {
        const element = entry.target as HTMLElement;
        const height = element.getBoundingClientRect().height;
        if (element.dataset.drawn === 'true' && height > 0) heights.current.set(blockOf(element), height);
      }
    });
    observers.current = { near: nearObserver, size: sizeObserver };
    for (const element of elements.current.values()) {
      nearObserver.observe(element);
      sizeObserver.observe(element);
    }
    return () => {
      observers.current = null;
      nearObserver.disconnect();
      sizeObserver.disconnect();
    };
  }, [enabled, active]);

  /** The ref callback of block `index`'s element (drawn or not), the same function every render. */
  const refs = useRef(new Map<number, (element: HTMLElement | null) => void>());
  const blockRef = (index: number) => {
    let ref = refs.current.get(index);
    if (!ref) {
      ref = (element) => {
        const old = elements.current.get(index);
        if (old === element) return;
        if (old) {
          observers.current?.near.unobserve(old);
          observers.current?.size.unobserve(old);
          elements.current.delete(index);
        }
        if (element) {
          elements.current.set(index, element);
          observers.current?.near.observe(element);
          observers.current?.size.observe(element);
        }
      };
      refs.current.set(index, ref);
    }
    return ref;
  };

  const blockCount = Math.ceil(count / BLOCK_SIZE);
  const measured = [...heights.current.values()];
  const estimate = measured.length
    ? measured.reduce((sum, h) => sum + h, 0) / measured.length
    : FIRST_ESTIMATE;
  const blocks = Array.from({ length: blockCount }, (_, index) => {
    const start = index * BLOCK_SIZE;
    const end = Math.min(count, start + BLOCK_SIZE);
    const drawn = !enabled || near.has(index);
    // A short last block is as tall as its share of a full one.
    const height = heights.current.get(index) ?? (estimate * (end - start)) / BLOCK_SIZE;
    return { index, start, end, drawn, height, ref: blockRef(index) };
  });
  return { blocks, listRef, drawLaterFrom };
}
