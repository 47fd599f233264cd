// The JS heap a process keeps: what is in use right after its last full (mark-sweep) collection. RSS
// and heap used swing by tens of MB with V8's free space and glibc's arenas (decision 043); this does
// not, so a leak of JS objects shows as its steady growth. Read passively from the GC events Node
// reports (no forced collection); one observer per process, however many apps it builds.
import { constants, PerformanceObserver } from 'node:perf_hooks';

let afterLastFullGc: number | undefined;
let watching = false;

/** Starts watching once per process. */
export function watchFullCollections() {
  if (watching) return;
  watching = true;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      // Read when the event is delivered, a moment after the collection: close enough for a trend.
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) afterLastFullGc = process.memoryUsage().heapUsed;
    }
  }).observe({ entryTypes: ['gc'] });
}

/** Heap used after the last full collection, or undefined before the first. */
export const heapAfterLastFullGc = () => afterLastFullGc;
