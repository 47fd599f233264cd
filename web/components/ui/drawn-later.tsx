// Drawing in steps. A feed's first 20 cards drawn at once (each with its link, badges, like and save
// buttons) are one long task on a slow phone, about 250 ms in which a tap waits (Lighthouse's Total
// Blocking Time). A list draws its first few cards at once and wraps the rest in DrawnLater: each shows
// its placeholder (a skeleton of the same size, so the page keeps its height) and is drawn in a task
// of its own, DRAW_STEP at a time, in the order they were mounted. Only the waiting parts render then,
// not the list around them.
import { type ReactNode, useEffect, useState } from 'react';

/** Parts drawn in one task: two cards cost a slow phone about the 50 ms of a long task. */
const DRAW_STEP = 2;

const waiting: (() => void)[] = [];
let nextStep: ReturnType<typeof setTimeout> | undefined;

function drawStep() {
  nextStep = undefined;
  for (const draw of waiting.splice(0, DRAW_STEP)) draw();
  if (waiting.length > 0) nextStep = setTimeout(drawStep, 0);
}

/**
 * `children` at once, or with `later` (read when the part mounts) `placeholder` until its turn comes
 * in a later task.
 */
export function DrawnLater({
  later,
  placeholder,
  children,
}: {
  later: boolean;
  placeholder: ReactNode;
  children: ReactNode;
}) {
  const [drawn, setDrawn] = useState(!later);
  useEffect(() => {
    if (drawn) return;
    const draw = () => setDrawn(true);
    waiting.push(draw);
    nextStep ??= setTimeout(drawStep, 0);
    return () => {
      const index = waiting.indexOf(draw);
      if (index >= 0) waiting.splice(index, 1);
      if (waiting.length === 0 && nextStep !== undefined) {
        clearTimeout(nextStep);
        nextStep = undefined;
      }
    };
  }, [drawn]);
  return drawn ? children : placeholder;
}
