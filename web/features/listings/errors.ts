import { MSG } from '../../../shared/messages';
import { ApiError } from '../../lib/http';

/** The server's reason for a client error, worth showing beside a generic message; else undefined. */
export function reasonOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || !error.message) return;
  if (error.message === MSG.auth.notSignedIn) return;
  return error.message;
}

/** Field messages of a 400 answer. */
export const serverErrors = (error: unknown) =>
  error instanceof ApiError && error.status === 400 ? error.errors : undefined;
