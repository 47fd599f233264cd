// When the like button's reaction picker opens and closes. A mouse resting on the button for
// TIMINGS.reactionShowMs opens it (and leaving closes it TIMINGS.reactionHideMs later); on a touch
// screen a tap is a hover that never ends, so there only a long press opens it, and that press does not
// also toggle the like. Once open, a tap or click outside, a scroll or Escape closes it.
import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { TIMINGS } from '../../../shared/catalog';

export function useReactionPicker() {
  const [open, setOpen] = useState(false);
  const showTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** A long press opened the picker: the click that ends the press must not toggle the like. */
  const pressOpened = useRef(false);
  const container = useRef<HTMLDivElement>(null);

  const clearTimers = useCallback(() => {
    clearTimeout(showTimer.current);
    clearTimeout(hideTimer.current);
    showTimer.current = undefined;
    hideTimer.current = undefined;
  }, []);
  const close = useCallback(() => {
    clearTimers();
    setOpen(false);
  }, [clearTimers]);
  const openAfter = (ms: number, onOpen?: () => void) => {
    clearTimeout(hideTimer.current);
    hideTimer.current = undefined;
    if (showTimer.current !== undefined) return;
    showTimer.current = setTimeout(() => {
      showTimer.current = undefined;
      onOpen?.();
      setOpen(true);
    }, ms);
  };

  useEffect(() => clearTimers, [clearTimers]);
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!container.current?.contains(event.target as Node)) close();
    };
    const onEscape = (event: KeyboardEvent) => event.key === 'Escape' && close();
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', onEscape);
    window.addEventListener('scroll', close, { passive: true, capture: true });
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', onEscape);
      window.removeEventListener('scroll', close, { capture: true });
    };
  }, [open, close]);

  return {
    open,
    close,
    containerRef: container,
    /** Handlers for the element around the button and the picker. */
    hoverArea: {
      onPointerEnter: (event: PointerEvent) => {
        if (event.pointerType === 'mouse') openAfter(TIMINGS.reactionShowMs);
      },
      onPointerLeave: (event: PointerEvent) => {
        if (event.pointerType !== 'mouse') return;
        clearTimeout(showTimer.current);
        showTimer.current = undefined;
        hideTimer.current = setTimeout(() => {
          hideTimer.current = undefined;
          setOpen(false);
        }, TIMINGS.reactionHideMs);
      },
    },
    /** Handlers for the like button itself: a long touch press opens the picker. */
    pressArea: {
      onPointerDown: (event: PointerEvent) => {
        pressOpened.current = false;
        if (event.pointerType !== 'mouse')
          openAfter(TIMINGS.reactionShowMs, () => {
            pressOpened.current = true;
          });
      },
      onPointerUp: (event: PointerEvent) => {
        if (event.pointerType === 'mouse') return;
        clearTimeout(showTimer.current);
        showTimer.current = undefined;
      },
      onPointerCancel: () => {
        clearTimeout(showTimer.current);
        showTimer.current = undefined;
      },
      // A long press on a phone also opens the context menu; the picker replaces it.
      onContextMenu: (event: Event | { preventDefault(): void }) => {
        if (pressOpened.current || showTimer.current !== undefined) event.preventDefault();
      },
    },
    /** Whether a click ends a long press that opened the picker (then it must not toggle). */
    consumePressClick: () => {
      const opened = pressOpened.current;
      pressOpened.current = false;
      return opened;
    },
  };
}
