// What a call's outcome tells the user: the spec's message, and for a failure the client can act on
// (a taken email, a wrong password, a lockout) the server's own reason beside it.
import { clientErrorReason } from '../../lib/http';

export interface Notice {
  tone: 'success' | 'error';
  text: string;
  detail?: string;
}

export const success = (text: string): Notice => ({ tone: 'success', text });

/** A failure: the spec's generic text, plus the server's reason for a 4xx that says something new. */
export function failure(error: unknown, generic: string): Notice {
  const reason = clientErrorReason(error);
  return { tone: 'error', text: generic, ...(reason && reason !== generic ? { detail: reason } : {}) };
}
