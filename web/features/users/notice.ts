// What a call's outcome tells the user: the spec's message, and for a failure the client can act on
// (a taken email, a wrong password, a lockout) the server's own reason beside it.
import { MSG } from '../../../shared/messages';
import { ApiError } from '../../lib/http';

export interface Notice {
  tone: 'success' | 'error';
  text: string;
  detail?: string;
}

export const success = (text: string): Notice => ({ tone: 'success', text });

/** A failure: the spec's generic text, plus the server's reason for a 4xx that says something new. */
export function failure(error: unknown, generic: string): Notice {
  const reason = reasonOf(error);
  return { tone: 'error', text: generic, ...(reason && reason !== generic ? { detail: reason } : {}) };
}

/** The server's message for a client error, or undefined for a network failure or a 5xx. */
export function reasonOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status >= 500 || !error.message) return undefined;
  if (error.message === MSG.auth.notSignedIn) return undefined;
  return error.message;
}

/** Field messages the server attached to a 400 (or a 401/409 about one field). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.status < 500 && error.errors ? error.errors : {};
}

/** Client errors (a bad request, a wrong password, a lockout) are not worth retrying. */
export const isClientError = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;
