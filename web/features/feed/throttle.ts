/**
 * `fn` at most once per `ms`: the first call runs at once, calls within the window collapse into one
 * trailing call at its end (so the last scroll position is always checked). `cancel` drops a pending one.
 */
export function throttle(fn: () => void, ms: number): (() => void) & { cancel(): void } {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    timer = undefined;
    last = Date.now();
    fn();
  };
  const throttled = () => {
    const wait = last + ms - Date.now();
    if (wait <= 0) {
      clearTimeout(timer);
      run();
    } else if (timer === undefined) {
      timer = setTimeout(run, wait);
    }
  };
  throttled.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return throttled;
}
