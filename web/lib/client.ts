// The web's one way to call the API: by the call's name in the contract (shared/contract, decision 038).
// Its method, path and body encoding come from ROUTES (plain data: zod stays off the first load,
// decision 006); what it takes and what it answers are the types of its schemas, so a field renamed in
// a schema fails `npm run typecheck` wherever the web reads it. No URL, request shape or answer type
// is written by hand in web/. Errors are http.ts's ApiError.
import type { Answer, CallName, Sent } from '../../shared/contract';
import { ROUTES } from '../../shared/contract/routes';
import { api } from './http';

type Part = 'params' | 'query' | 'body' | 'headers';

/** One part of the input: absent when the call has none, optional when every field of it is. */
type InputPart<N extends CallName, K extends Part> = [Sent<N, K>] extends [undefined]
  ? object
  : undefined extends Sent<N, K>
    ? { [P in K]?: Sent<N, K> }
    : object extends Sent<N, K>
      ? { [P in K]?: Sent<N, K> }
      : { [P in K]: Sent<N, K> };

export type CallInput<N extends CallName> = InputPart<N, 'params'> &
  InputPart<N, 'query'> &
  InputPart<N, 'body'> &
  InputPart<N, 'headers'>;

export interface CallInit {
  signal?: AbortSignal;
}

type Args<N extends CallName> =
  object extends CallInput<N>
    ? [input?: CallInput<N>, init?: CallInit]
    : [input: CallInput<N>, init?: CallInit];

type Values = Record<string, unknown> | undefined;

/** The path of a call with its parameters filled in: `/api/posts/{postId}` -> `/api/posts/12`. */
export function pathOf<N extends CallName>(name: N, params?: Values): string {
  return ROUTES[name].path.replace(/\{(\w+)\}/g, (_, key: string) =>
    encodeURIComponent(String(params?.[key] ?? '')),
  );
}

/** The fields that are set, as a query string or form: empty ones say nothing. */
function entries(values: Values): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(values ?? {}))
    if (value !== undefined && value !== null && value !== '') out.set(key, String(value));
  return out;
}

/** Where a call goes: its path and query string, as the server's preloads name it too. */
export function urlOf<N extends CallName>(name: N, input?: { params?: Values; query?: Values }): string {
  // A comma may stand as it is in a query (RFC 3986): lists of ids stay short and readable.
  const query = entries(input?.query).toString().replaceAll('%2C', ',');
  return `${pathOf(name, input?.params)}${query ? `?${query}` : ''}`;
}

export function call<N extends CallName>(name: N, ...[input, init]: Args<N>): Promise<Answer<N>> {
  const route = ROUTES[name];
  const { params, query, body, headers } = (input ?? {}) as {
    params?: Values;
    query?: Values;
    body?: Values;
    headers?: Record<string, string>;
  };
  const encoding = 'body' in route ? route.body : 'json';
  return api<Answer<N>>(urlOf(name, { params, query }), {
    ...(route.method === 'GET' ? {} : { method: route.method }),
    ...(body === undefined ? {} : { body: encoding === 'form' ? entries(body) : body }),
    ...(headers ? { headers } : {}),
    signal: init?.signal,
  });
}
