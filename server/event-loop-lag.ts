// How long the event loop stalled: while it is blocked (a synchronous hash, a big JSON, a regex) no
// request is served, so the longest stall is the latency every request in flight just paid.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const RESOLUTION_MS = 10;

export interface StallMonitor {
  /** The longest stall, in ms (rounded to 0.1), since the monitor started or was last reset. */
  longestStallMs(): number;
  reset(): void;
  stop(): void;
}

/** Samples the event loop every 10 ms; a sample that comes late by N ms is an N ms stall. */
export function monitorStalls(): StallMonitor {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  return {
    // Each sample measures the whole interval, so the resolution itself is not a stall.
    longestStallMs: () =>
      histogram.count === 0 ? 0 : Math.round(Math.max(0, histogram.max / 1e6 - RESOLUTION_MS) * 10) / 10,
    reset: () => histogram.reset(),
    stop: () => histogram.disable(),
  };
}

/**
 * The longest stall over the last interval, for /readyz: windows of `windowMs`; the answer covers the
 * previous full window and the current one, so it never reads 0 just after a window starts.
 */
export interface RecentStalls {
  longestStallMs(): number;
  stop(): void;
}

export function monitorRecentStalls(windowMs = 10_000): RecentStalls {
  const monitor = monitorStalls();
  let previous = 0;
  const roll = setInterval(() => {
    previous = monitor.longestStallMs();
    monitor.reset();
  }, windowMs).unref();
  return {
    longestStallMs: () => Math.max(previous, monitor.longestStallMs()),
    stop() {
      clearInterval(roll);
      monitor.stop();
    },
  };
}
