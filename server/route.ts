// Registers an /api route from its declaration in the contract (shared/contract, decision 038): the
// method, path and who may call it come from ROUTES, the schemas (and so validation, serialisation and
// /api/docs) from CALLS. The handler is typed by them: it reads the parsed params, query, body and
// headers, and returns the body of one of the call's success answers (or the JSON text a read cache
// made of one), so a handler answering another shape does not compile. What the route file adds is
// what only the server knows: its body limit, its rate limit and which caches a success invalidates.
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_ANSWER } from '../shared/answer-privacy';
import {
  type AnswerIn,
  CALLS,
  type CallName,
  type Calls,
  type Parsed,
  ROUTES,
  type SuccessStatus,
} from '../shared/contract';
import type { CallSchemas } from '../shared/contract/define';
import { errorBodySchema } from '../shared/schemas/user';
import type { Invalidation } from './infra/cache-invalidation';
import type { JsonText } from './infra/read-cache';

/** The content type of JSON text a route made itself (Fastify does not serialise a string sent with it). */
export const JSON_TYPE = 'application/json; charset=utf-8';

interface RouteOptions {
  bodyLimit?: number;
  rateLimit?: RateLimitOptions;
  /** The caches a success changes (infra/cache-invalidation.ts): every write declares it, [] for none. */
  invalidates?: readonly Invalidation[];
}
type OptionsFor<N extends CallName> = (typeof ROUTES)[N]['method'] extends 'GET'
  ? RouteOptions
  : RouteOptions & { invalidates: readonly Invalidation[] };

type Headers<N extends CallName> = Parsed<N, 'headers'> extends undefined ? object : Parsed<N, 'headers'>;

export type RouteRequest<N extends CallName> = FastifyRequest<{
  Params: Parsed<N, 'params'>;
  Querystring: Parsed<N, 'query'>;
  Body: Parsed<N, 'body'>;
  Headers: Headers<N>;
}>;

/**
 * Marks a success answer as the same for every reader, so a cache (the service worker's offline copy)
 * may keep it. Every other /api answer is private (plugins/security.ts, decision 044).
 */
export const markPublic = (reply: FastifyReply) => reply.header('cache-control', PUBLIC_ANSWER);

/** What a stream's handler answers once it has taken the connection over (reply.hijack()). */
export const STREAMED = { streamed: true } as const;

/**
 * A success answer's body, or the JSON text of one. The status is the call's lowest success status
 * unless the handler sets another of them on the reply. A call the contract marks `stream` answers
 * STREAMED: it wrote the answer itself.
 */
export type RouteResult<N extends CallName> = Calls[N] extends { stream: true }
  ? typeof STREAMED
  : AnswerIn<N, SuccessStatus<N>> | JsonText<AnswerIn<N, SuccessStatus<N>>>;

export type RouteHandler<N extends CallName> = (
  request: RouteRequest<N>,
  reply: FastifyReply,
) => Promise<RouteResult<N>>;

/** `/api/posts/{postId}` as Fastify writes it: `/api/posts/:postId`. */
const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

export function route<N extends CallName>(
  app: FastifyInstance,
  name: N,
  options: OptionsFor<N>,
  handler: RouteHandler<N>,
) {
  const { method, path, auth, ...sent } = ROUTES[name] as (typeof ROUTES)[CallName];
  const call: CallSchemas & { tag: string } = CALLS[name];
  const successes = Object.keys(call.responses).map(Number);
  const status = Math.min(...successes);
  const body = 'body' in sent ? sent.body : undefined;
  app.route({
    method,
    url: fastifyPath(path),
    bodyLimit: options.bodyLimit,
    config: {
      call: name,
      auth,
      successEnvelope: call.envelope === true,
      invalidates: options.invalidates ?? [],
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    },
    schema: {
      operationId: name,
      tags: [call.tag],
      summary: call.summary,
      ...(call.description ? { description: call.description } : {}),
      ...('params' in call ? { params: call.params } : {}),
      ...('query' in call ? { querystring: call.query } : {}),
      ...('body' in call ? { body: call.body } : {}),
      ...('headers' in call ? { headers: call.headers } : {}),
      ...(body === 'multipart' ? { consumes: ['multipart/form-data'] } : {}),
      ...(body === 'form' ? { consumes: ['application/x-www-form-urlencoded', 'application/json'] } : {}),
      ...(auth === 'optional' ? {} : { security: [{ session: [] }] }),
      response: {
        ...call.responses,
        ...Object.fromEntries(call.errors.map((code) => [code, errorBodySchema])),
      },
    },
    handler: async (request, reply) => {
      reply.status(status);
      const result = await handler(request as never, reply);
      if (result === STREAMED) return reply;
      if (!successes.includes(reply.statusCode))
        throw new Error(`${name} answered ${reply.statusCode}, which the contract does not declare`);
      return typeof result === 'string' ? reply.type(JSON_TYPE).send(result) : result;
    },
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's name for the call (every /api route has one: plugins/auth.ts checks). */
    call?: CallName;
  }
}
