// The one way the web app talks to the API: same-origin fetch with cookies, JSON in and out, and
// errors as ApiError carrying the status, the server's message (DESIGN §4 error body) and its stable
// code (the x-error-code header): code decides, message text is only ever shown.
import { ERROR_CODE_HEADER, ERROR_CODES, type ErrorCode } from '../../shared/api-errors';
import type { ApiErrorBody } from '../../shared/api-types';
import { takeEarlyAnswer } from './early-answers';
import { ACCEPT_JSON, withTimeout } from './request-defaults';
import { rememberAnswer } from './service-worker';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: string,
    readonly errors?: Record<string, string>,
    /** The server's code for this error; undefined when the answer named none (a proxy, a network error). */
    readonly code?: ErrorCode,
  ) {
    super(message);
  }
}

/** Fired when the server says the session is gone, so the app can sign out locally. */
export const SESSION_EXPIRED_EVENT = 'marketplace:session-expired';

/** The code in an error answer's header; an unknown one is treated as none. */
function errorCodeOf(header: string | null): ErrorCode | undefined {
  return (ERROR_CODES as readonly string[]).includes(header ?? '') ? (header as ErrorCode) : undefined;
}

/**
 * The error of a failed answer, parsed from its body and header. A 401 'not_signed_in' means the
 * session is gone (a 401 'wrong_password' from a password check does not): the app signs out locally.
 */
export function errorFromResponse(status: number, statusText: string, text: string, header: string | null) {
  let parsed: Partial<ApiErrorBody> = {};
  try {
    parsed = JSON.parse(text) as ApiErrorBody;
  } catch {
    // Not JSON (a proxy page, say): keep the raw text in `body`.
  }
  const code = errorCodeOf(header);
  if (code === 'not_signed_in') window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
  return new ApiError(status, parsed.message ?? statusText, text, parsed.errors, code);
}

type Body = Record<string, unknown> | FormData | URLSearchParams;

export async function api<T>(
  path: string,
  init: { method?: string; body?: Body; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<T> {
  const { body, signal, headers, ...rest } = init;
  const isJson = body !== undefined && !(body instanceof FormData) && !(body instanceof URLSearchParams);
  // A plain GET the boot script has already asked for (decision 037), with its own timeout. The
  // caller's signal does not stop it: a cancelled caller's query ignores what it returns. If it
  // failed (a network blip while the page loaded), the call asks again.
  const early = rest.method === undefined && !body && !headers ? takeEarlyAnswer(path) : undefined;
  const response =
    (early && (await early.catch(() => undefined))) ??
    (await fetch(path, {
      ...rest,
      signal: withTimeout(signal),
      credentials: 'include',
      headers: {
        ...ACCEPT_JSON,
        ...(isJson ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: isJson ? JSON.stringify(body) : (body as FormData | URLSearchParams | undefined),
    }));
  const text = await response.text();
  rememberAnswer(
    rest.method ?? 'GET',
    path,
    body instanceof URLSearchParams ? body.toString() : undefined,
    response,
    text,
  );
  if (!response.ok) {
    throw errorFromResponse(
      response.status,
      response.statusText,
      text,
      response.headers.get(ERROR_CODE_HEADER),
    );
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A client error (400, 404, a wrong password) will not change on retry; a network or server error may. */
export const isClientError = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/** A query's retry rule: once more after a network or server error, never after a client error. */
export const retryUnlessClientError = (failures: number, error: unknown) =>
  !isClientError(error) && failures < 1;

/**
 * The server's reason for a client error, worth showing beside a generic message; undefined for a
 * network failure, a 5xx, or a lost session (the app signs out instead).
 */
export function clientErrorReason(error: unknown): string | undefined {
  if (!isClientError(error) || !(error as ApiError).message) return undefined;
  if ((error as ApiError).code === 'not_signed_in') return undefined;
  return (error as ApiError).message;
}

/** The field messages a client error carries (`errors` of the DESIGN §4 body), else none. */
export const clientFieldErrors = (error: unknown): Record<string, string> =>
  (isClientError(error) && (error as ApiError).errors) || {};

/** The spec's error form for the like, comment and view calls: 'HTTP {status}: {body}'. */
export function httpErrorText(error: unknown): string {
  return error instanceof ApiError ? `HTTP ${error.status}: ${error.body}` : String(error);
}
