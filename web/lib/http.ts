// The one way the web app talks to the API: same-origin fetch with cookies, JSON in and out, and
// errors as ApiError carrying the status and the server's message (DESIGN §4 error body).
import type { ApiErrorBody } from '../../shared/api-types';
import { MSG } from '../../shared/messages';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Fired when the server says the session is gone, so the app can sign out locally. */
export const SESSION_EXPIRED_EVENT = 'marketplace:session-expired';

type Body = Record<string, unknown> | FormData | URLSearchParams;

/** A call that has not answered by then has failed: a stalled mobile connection must not spin forever. */
export const REQUEST_TIMEOUT_MS = 30_000;

export async function api<T>(
  path: string,
  init: { method?: string; body?: Body; signal?: AbortSignal } = {},
): Promise<T> {
  const { body, signal, ...rest } = init;
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const isJson = body !== undefined && !(body instanceof FormData) && !(body instanceof URLSearchParams);
  const response = await fetch(path, {
    ...rest,
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    credentials: 'include',
    headers: { accept: 'application/json', ...(isJson ? { 'content-type': 'application/json' } : {}) },
    body: isJson ? JSON.stringify(body) : (body as FormData | URLSearchParams | undefined),
  });
  const text = await response.text();
  if (!response.ok) {
    let parsed: Partial<ApiErrorBody> = {};
    try {
      parsed = JSON.parse(text) as ApiErrorBody;
    } catch {
      // Not JSON (a proxy page, say): keep the raw text in `body`.
    }
    // A 401 for a wrong password (the /pass check) is not a lost session; only 'not signed in' is.
    if (response.status === 401 && parsed.message === MSG.auth.notSignedIn) {
      window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
    }
    throw new ApiError(response.status, parsed.message ?? response.statusText, text, parsed.errors);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The spec's error form for the like, comment and view calls: 'HTTP {status}: {body}'. */
export function httpErrorText(error: unknown): string {
  return error instanceof ApiError ? `HTTP ${error.status}: ${error.body}` : String(error);
}
