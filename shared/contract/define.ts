// The shape of the contract (decision 038). A call has two halves, kept apart so the web's first load
// stays free of zod (decision 006): its route in routes.ts (method, path, who may call it, how its
// body is sent: plain data the web client needs at run time) and its schemas in an area file beside
// this one (inputs, each answer by status, the errors it may answer), which the server validates and
// serialises with and the web only reads as types. index.ts joins them and checks that every route
// has schemas and every schema a route.
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call: anyone, a signed-in user (visitors get 401) or a moderator (members get 403). */
export type Access = 'optional' | 'required' | 'moderator';

export interface Route {
  method: Method;
  /** With `{name}` for each path parameter, as the spec writes them. */
  path: `/api/${string}`;
  auth: Access;
  /** How the body is sent when it is not JSON: the spec's form-encoded calls, the image upload. */
  body?: 'form' | 'multipart';
}

/** Statuses a call answers with the one error body of DESIGN §4 (`{ message, errors? }`). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 408 | 409 | 410 | 413 | 415 | 429;

export interface CallSchemas {
  /** One line for /api/docs. */
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** Each success answer by status. */
  responses: { [status: number]: z.ZodType };
  /** The error statuses it may answer (503 and 500 go without saying). */
  errors: readonly ErrorStatus[];
  /** The spec's like, comment and view calls: error bodies carry `success: false` too. */
  envelope?: true;
  /** The answer is a text/event-stream the handler writes itself (the live events). */
  stream?: true;
}

/** An area's calls, each tagged with the area's name for /api/docs. */
export function area<const T extends Record<string, CallSchemas>>(
  tag: string,
  calls: T,
): { [K in keyof T]: T[K] & { tag: string } } {
  return Object.fromEntries(Object.entries(calls).map(([name, call]) => [name, { ...call, tag }])) as never;
}
