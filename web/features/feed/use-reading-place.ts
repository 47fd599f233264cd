// Where the reader is in a list, kept as the card at a third of the screen's height and how far from
// the top of the screen it is (not as a scroll offset: a header menu opened just before leaving moves
// the page, not the card), and put back there when the list comes back.
import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';

/** Frames to wait for the blocks at a new place to be drawn before settling for the scroll offset. */
const MAX_RETRIES = 30;

export interface ReadingPlace {
  /** The card's position in the list (its data-index), -1 when none was under the probe. */
  index: number;
  /** Its top, from the top of the screen, in px. */
  top: number;
  /** The page's scroll offset then: used when the card cannot be found. */
  scrollY: number;
}

/**
 * Tracks the place in the list under `listRef` while it shows; `restore` puts the page back there,
 * once, when the list first shows (`active`: a list under an open post waits until the post closes).
 */
export function useReadingPlace(
  listRef: RefObject<HTMLElement | null>,
  restore: ReadingPlace | undefined,
  active = true,
) {
  const place = useRef<ReadingPlace | undefined>(restore);
  const pending = useRef(restore);

  // The list puts its history entry back itself: the browser's own restoring comes after the app has
  // drawn the list and would scroll to the old offset, not the old card. The mode belongs to the entry
  // that is current when it is set, so the next screen's entry gets the browser's again.
  useLayoutEffect(() => {
    history.scrollRestoration = 'manual';
    return () => {
      history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    const target = pending.current;
    if (!target || !active) return;
    pending.current = undefined;
    const card = target.index < 0 ? null : listRef.current?.querySelector(`[data-index="${target.index}"]`);
    if (card) window.scrollBy(0, card.getBoundingClientRect().top - target.top);
    else window.scrollTo(0, target.scrollY);
  }, [active, listRef]);

  useEffect(() => {
    let frame = 0;
    let retries = 0;
    const measure = () => {
      frame = 0;
      const hit = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 3);
      // Over the header (an open menu), or another screen's content: the last place still holds.
      if (!hit || !listRef.current?.contains(hit)) return;
      const card = hit.closest<HTMLElement>('[data-index]');
      if (card) {
        place.current = {
          index: Number(card.dataset.index),
          top: card.getBoundingClientRect().top,
          scrollY: window.scrollY,
        };
        return;
      }
      // A block not drawn yet (a long jump) or the gap between cards: the offset for now, the card
      // once it is drawn.
      place.current = { index: -1, top: 0, scrollY: window.scrollY };
      if (retries++ < MAX_RETRIES) frame = requestAnimationFrame(measure);
    };
    const onScroll = () => {
      retries = 0;
      if (!frame) frame = requestAnimationFrame(measure);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [listRef]);

  return place;
}
