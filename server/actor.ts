// Who is asking: built once per request from the session (plugins/session.ts) and handed to every
// policy. A visitor is null. Policies decide on the actor, never on a bare user id. Routes read the
// request's identity through the helpers below, nowhere else.
import type { FastifyRequest } from 'fastify';
import type { Role } from '../shared/roles';
import { forbidden, unauthorized } from './errors';
import type { PublicUser, SessionInfo } from './modules/auth';

export type Actor = { id: number; role: Role } | null;

export const isModerator = (actor: Actor): boolean => actor?.role === 'moderator';

/** The actor of a route declared `auth: 'required'`. */
export type SignedInActor = NonNullable<Actor>;

/** The session of a route declared `auth: 'required'` (the auth hook has already answered visitors). */
export function sessionOf(request: FastifyRequest): SessionInfo {
  if (!request.session) throw unauthorized();
  return request.session;
}

/** The actor of a route declared `auth: 'required'`. */
export function actorOf(request: FastifyRequest): SignedInActor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** The signed-in user of a route declared `auth: 'required'`. */
export const userOf = (request: FastifyRequest): PublicUser => sessionOf(request).user;

/**
 * The signed-in user, checked against the user id the client sent (several spec calls send one): it
 * must be the session's own (DESIGN §4), else 403; absent is fine.
 */
export function selfOf(request: FastifyRequest, claimedUserId: number | undefined): SignedInActor {
  const actor = actorOf(request);
  if (claimedUserId !== undefined && claimedUserId !== actor.id) throw forbidden();
  return actor;
}
