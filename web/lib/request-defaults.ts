// How every call of the app goes out: lib/http.ts, and the boot script's early ones
// (lib/early-answers.ts), which must match them so a page's preload serves both.

/** A call that has not answered by then has failed: a stalled mobile connection must not spin forever. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** What every call asks for. */
export const ACCEPT_JSON = { accept: 'application/json' } as const;

/** Stops a call when `signal` does (its caller gave up) or after REQUEST_TIMEOUT_MS, whichever is first. */
export const withTimeout = (signal?: AbortSignal): AbortSignal =>
  signal
    ? AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)])
    : AbortSignal.timeout(REQUEST_TIMEOUT_MS);
