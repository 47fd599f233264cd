// What this visit has downloaded (decision 026): the page and every resource since it opened, as the
// browser's resource timing reports them (transferSize: bytes over the network, headers included;
// 0 for what came from the cache). web/main.tsx raises the browser's buffer of 250 entries.
export function dataUsedThisSession(): number {
  if (typeof performance === 'undefined' || !performance.getEntriesByType) return 0;
  const entries = [
    ...performance.getEntriesByType('navigation'),
    ...performance.getEntriesByType('resource'),
  ] as PerformanceResourceTiming[];
  return entries.reduce((sum, entry) => sum + (entry.transferSize || 0), 0);
}
