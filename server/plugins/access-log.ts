// One access line per request (decision 042) instead of Fastify's two ('incoming request', 'request
// completed'), written when the answer has gone: method, the route's pattern (never the path or its
// query string, which may carry a token), status, time and the request id (reqId, from the request's
// logger). Never the headers: no cookie or Authorization. A request no route matched carries its path,
// without the query, so a flood of unknown URLs can be told apart. LOG_SAMPLE_2XX_READS keeps that
// share of successful GET/HEAD lines; every error, other status and write is logged.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';
import { routeLabel } from '../metrics';

const PATH_LOGGED_MAX = 200;

export class AccessLog extends LogController {
  constructor(
    private readonly sample2xxReads: number,
    private readonly random: () => number = Math.random,
  ) {
    super();
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const status = reply.statusCode;
    if (
      this.sample2xxReads < 1 &&
      !error &&
      status >= 200 &&
      status < 300 &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      this.random() >= this.sample2xxReads
    )
      return;
    const route = routeLabel(request, status);
    const path = route === 'unmatched' ? request.url.split('?')[0]?.slice(0, PATH_LOGGED_MAX) : undefined;
    const line = {
      method: request.method,
      route,
      ...(path ? { path } : {}),
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ...(error ? { err: error } : {}),
    };
    request.log.info(line, 'request');
  }
}
