// Who is asking: built once per request from the session (plugins/session.ts) and handed to every
// policy. A visitor is null. Policies decide on the actor, never on a bare user id.
import type { Role } from '../shared/roles';

export type Actor = { id: number; role: Role } | null;

export const isModerator = (actor: Actor): boolean => actor?.role === 'moderator';

/** The actor of a route declared `auth: 'required'`. */
export type SignedInActor = NonNullable<Actor>;
