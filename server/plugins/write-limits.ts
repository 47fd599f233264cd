// Every write is throttled per signed-in user (per address for visitors): the route config of a write
// names its limit from config.writeLimits, counted per route. A 429 says when to try again: the
// Retry-After header and the message.
import type { FastifyRequest } from 'fastify';
import { MSG } from '../../shared/messages';
import { AppError } from '../errors';

/**
 * Whose budget a request spends: the signed-in user's, else the client address's, on this route (the
 * route is in the key so that a store shared by all routes, like Redis, keeps them apart).
 */
export const requesterKey = (request: FastifyRequest) =>
  `${request.routeOptions.url}|${request.actor ? `user:${request.actor.id}` : `ip:${request.ip}`}`;

/** A @fastify/rate-limit route config: at most `max` per `timeWindow` ms per user. */
export const perUser = ({ max, timeWindow }: { max: number; timeWindow: number }) => ({
  max,
  timeWindow,
  keyGenerator: requesterKey,
  errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
    new AppError(429, MSG.errors.slowDown(context.after)),
});
