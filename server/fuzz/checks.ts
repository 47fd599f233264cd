// What every answer must be, whatever was asked (DESIGN §4-5, §7b): never a 5xx, never slower than
// the limit, every error the JSON body `{ message, errors? }` (+ `success: false` on the like,
// comment and view calls) with its code in x-error-code, a 429 says when to retry, and nothing leaks
// (stacks, hashes, file paths).
import { ERROR_CODE_HEADER, ERROR_CODES, type ErrorCode } from '../../shared/api-errors';
import { MSG } from '../../shared/messages';
import type { FuzzRequest } from './requests';

export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  ms: number;
}

const STACK_FRAME = /\n\s+at .+:\d+:\d+/;
const ERROR_KEYS = new Set(['message', 'errors', 'success']);

/** The problems with one answer; empty when it is fine. */
export function problemsWith(
  request: FuzzRequest,
  answer: Answer,
  slowMs: number,
  secrets: string[],
): string[] {
  const problems: string[] = [];
  const { statusCode: status, body } = answer;
  const type = String(answer.headers['content-type'] ?? '');
  if (status >= 500) problems.push(`status ${status}`);
  if (answer.ms > slowMs) problems.push(`slow: ${Math.round(answer.ms)} ms`);
  for (const secret of secrets)
    if (secret && body.includes(secret)) problems.push(`leaks ${secret.slice(0, 20)}`);
  if (type.includes('json') && STACK_FRAME.test(body)) problems.push('stack trace in body');
  if (status === 429 && !answer.headers['retry-after']) problems.push('429 without retry-after');
  if (status < 400 || request.method === 'HEAD') return problems;
  // Every error answer names its code (decision 012), the shell pages' 404s and /media's included.
  if (!ERROR_CODES.includes(String(answer.headers[ERROR_CODE_HEADER]) as ErrorCode))
    problems.push(`${status} without a known ${ERROR_CODE_HEADER}`);

  // A page (GET outside /api) may answer with the app's HTML shell, 404 included: the shell of an
  // unknown or hidden post is a 404 page by design (server/modules/post-detail/page.ts).
  const path = request.url.split('?')[0] ?? '';
  if (type.startsWith('text/html') && request.method === 'GET' && !path.startsWith('/api/')) return problems;

  if (!type.startsWith('application/json')) return [...problems, `${status} with content-type '${type}'`];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [...problems, `${status} body is not JSON`];
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return [...problems, `${status} body is not an object`];
  const error = parsed as Record<string, unknown>;
  if (typeof error.message !== 'string' || error.message === '') problems.push(`${status} without a message`);
  const extra = Object.keys(error).filter((key) => !ERROR_KEYS.has(key));
  if (extra.length) problems.push(`${status} body has ${extra.join(', ')}`);
  if (error.errors !== undefined) {
    const fields = error.errors;
    const ok =
      fields !== null &&
      typeof fields === 'object' &&
      !Array.isArray(fields) &&
      Object.values(fields).every((v) => typeof v === 'string');
    if (!ok) problems.push(`${status} errors is not a field -> message record`);
  }
  // The like/comment/view calls add success:false. An answer given before a route was found (no
  // route for the path or method, an address the router cannot read) is the plain error body.
  const routed = request.route && request.route.method === request.method;
  const beforeRouting =
    (status === 404 && error.message === MSG.errors.notFound) || error.message === MSG.errors.badAddress;
  if (request.route?.envelope && routed && !beforeRouting && error.success !== false)
    problems.push(`${status} without success:false`);
  if (request.route && !request.route.envelope && error.success !== undefined)
    problems.push(`${status} with success on a non-engagement call`);
  return problems;
}
