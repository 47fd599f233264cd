// One error type with a status and a user-facing message, and one handler that turns any error into
// the JSON body of DESIGN §4: { message, errors? } (+ success:false on the like/comment/view calls).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODE_HEADER, type ErrorCode } from '../shared/api-errors';
import { MSG } from '../shared/messages';
import { databaseFault, describeFault } from './db/faults';
import { StorageUnavailableError } from './infra/storage/storage';

/** The code of an error answer when nothing more precise is known: one per status (shared/api-errors.ts). */
const CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: 'invalid_input',
  401: 'not_signed_in',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media',
  429: 'rate_limited',
  503: 'unavailable',
};
const codeOfStatus = (status: number): ErrorCode =>
  CODE_OF_STATUS[status] ?? (status >= 500 ? 'internal' : 'invalid_input');

export class AppError extends Error {
  readonly code: ErrorCode;
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
    code?: ErrorCode,
  ) {
    super(message);
    this.code = code ?? codeOfStatus(statusCode);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new AppError(400, message, errors);
export const unauthorized = () => new AppError(401, MSG.auth.notSignedIn);
/** A password check that failed: a 401 that, unlike `unauthorized`, does not mean the session is gone. */
export const wrongPassword = (field: string) =>
  new AppError(401, MSG.password.incorrect, { [field]: MSG.password.incorrect }, undefined, 'wrong_password');
export const forbidden = (message: string = MSG.auth.forbidden) => new AppError(403, message);
export const notFound = (message: string = MSG.errors.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (retryAfterSeconds: number, message: string = MSG.errors.rateLimited) =>
  new AppError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

// PostgreSQL refusing a value the client sent: a NUL in text (22021), an unsupported Unicode escape
// (22P05), text that is not a number or boolean (22P02), a date or time that is not one (22007,
// 22008). Validation refuses these first; if one slips past it, it is still bad input, not a 500.
const INVALID_INPUT_CODES = new Set(['22021', '22P05', '22P02', '22007', '22008']);

/** Whether the error, or the driver error drizzle wrapped in it, has one of the codes. */
function hasCode(error: unknown, codes: Set<string>): boolean {
  const code = (error as { code?: string; cause?: { code?: string } })?.code;
  const causeCode = (error as { cause?: { code?: string } })?.cause?.code;
  return codes.has(code ?? '') || codes.has(causeCode ?? '');
}

function firstFieldErrors(error: FastifyError): Record<string, string> | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  const out: Record<string, string> = {};
  for (const v of error.validation) {
    const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    out[field] ??= v.message ?? MSG.errors.invalidInput;
  }
  return out;
}

export function toErrorBody(request: FastifyRequest, error: FastifyError | AppError) {
  if (error instanceof AppError)
    return { status: error.statusCode, message: error.message, errors: error.errors, code: error.code };
  const errors = firstFieldErrors(error);
  if (errors) return { status: 400, message: Object.values(errors)[0] ?? MSG.errors.invalidInput, errors };
  if (error.validation) return { status: 400, message: MSG.errors.invalidInput };
  const status = error.statusCode ?? 500;
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return { status: 400, message: MSG.errors.malformedJson };
  if (status === 413) return { status, message: MSG.errors.tooLarge };
  if (status === 415) return { status, message: MSG.errors.unsupportedMedia };
  if (status === 429) return { status, message: MSG.errors.rateLimited };
  if (status >= 400 && status < 500) return { status, message: error.message };
  if (hasCode(error, INVALID_INPUT_CODES)) {
    request.log.warn({ err: error }, 'database refused the input');
    return { status: 400, message: MSG.errors.invalidInput };
  }
  // The image store not answering (decision 024): retry later, like a database outage.
  if (error instanceof StorageUnavailableError) {
    request.log.warn({ reason: error.reason }, 'image storage unavailable');
    return { status: 503, message: MSG.errors.unavailable };
  }
  const fault = databaseFault(error);
  if (fault) {
    // An outage is logged once, when the database goes (server/db/postgres.ts), not per request; a
    // statement that ran out of time is worth a line of its own (without its SQL or values).
    if (fault === 'timeout')
      request.log.warn({ reason: describeFault(error) }, 'database did not answer in time');
    else request.log.debug({ reason: describeFault(error) }, 'database unavailable');
    return { status: 503, message: MSG.errors.unavailable };
  }
  request.log.error({ err: error }, 'unhandled error');
  return { status: 500, message: MSG.errors.internal };
}

// drizzle's query errors read "Failed query: <sql>\nparams: <values>" and carry the values as
// `params`; the values are what users sent (emails, comment text) or password hashes, so none of it
// is logged. A PostgreSQL error's `detail` repeats values too ("Key (email)=(...) already exists").
const PARAMS_TEXT = /\n?params:[\s\S]*$/;
const UNLOGGED_FIELDS = new Set(['params', 'detail', 'where', 'internalQuery', 'queryOptions', 'cause']);

const withoutParams = (text: string) => text.replace(PARAMS_TEXT, '');

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * The logger's `err` serializer: type, message and stack like pino's own, the other fields (the
 * PostgreSQL `code`, `constraint`, `table`...) as they are, the cause the same way, and never the
 * query parameters. A database that did not answer is one line: the driver's code and message.
 */
export function serializeError(err: Error, depth = 0): LoggedError {
  if (typeof err?.message !== 'string') return err as unknown as LoggedError; // logged as it is
  // The database not answering says all there is in one line; its stack and SQL only add noise.
  if (depth === 0 && databaseFault(err)) {
    const type = err.constructor?.name ?? err.name;
    const line = describeFault(err);
    return { type, message: line, stack: `${type}: ${line}`, databaseUnavailable: true };
  }
  const message = withoutParams(err.message);
  // V8 writes "<name>: <message>" and then the frames; only the frames are kept as they are.
  const head = `${err.name}: ${err.message}`;
  const stack =
    typeof err.stack === 'string' && err.stack.startsWith(head)
      ? `${err.name}: ${message}${err.stack.slice(head.length)}`
      : `${err.name}: ${message}`;
  const out: LoggedError = { type: err.constructor?.name ?? err.name, message, stack };
  const fields = err as unknown as Record<string, unknown>;
  for (const key of Object.keys(err)) {
    if (!(key in out) && !UNLOGGED_FIELDS.has(key)) out[key] = fields[key];
  }
  const cause = err.cause as Error | undefined;
  if (typeof cause?.message === 'string') {
    if (depth < 3) out.cause = serializeError(cause, depth + 1);
  } else if (cause !== undefined) out.cause = cause;
  return out;
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot read (bad percent-encoding, a parameter over
 * maxParamLength) fails before any route is found, so the error handler never sees it and Fastify
 * would answer its own `{ error, code, message, statusCode }`. Same body as every other error.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  reply
    .status(status)
    .header(ERROR_CODE_HEADER, codeOfStatus(status))
    .send({ message: MSG.errors.badAddress });
}

/**
 * A 404 answered outside the error handler (the not-found handler, /media, the shell pages of an
 * unknown post or seller): the same code header as every error; the JSON body unless the caller sends
 * a page of its own.
 */
export function notFoundReply(reply: FastifyReply): FastifyReply {
  return reply.status(404).header(ERROR_CODE_HEADER, CODE_OF_STATUS[404]);
}

export const sendNotFound = (reply: FastifyReply) =>
  notFoundReply(reply).send({ message: MSG.errors.notFound });

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, message, errors, code } = toErrorBody(request, error);
    if (error instanceof AppError && error.headers) reply.headers(error.headers);
    reply.header(ERROR_CODE_HEADER, code ?? codeOfStatus(status));
    const envelope = request.routeOptions.config?.successEnvelope ? { success: false } : {};
    reply.status(status).send({ ...envelope, message, ...(errors ? { errors } : {}) });
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The like, comment and view calls answer errors with `success: false` too (spec §7). */
    successEnvelope?: boolean;
  }
}
