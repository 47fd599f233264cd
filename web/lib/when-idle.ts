// Work a page can do once it has settled: when the browser is next idle (after the first screen's
// drawing and its background tasks), or after `timeoutMs` at the latest. Where there is no
// requestIdleCallback (Safari), in a task of its own.
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  // Taken now: the returned function cancels with the same page's API.
  const { requestIdleCallback: request, cancelIdleCallback: cancel } = globalThis;
  if (typeof request === 'function' && typeof cancel === 'function') {
    const handle = request(work, { timeout: timeoutMs });
    return () => cancel(handle);
  }
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}
