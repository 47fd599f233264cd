// Route-schema pieces every feature uses: the error responses of DESIGN §4, the user id several spec
// calls send, and the route config of the like/comment/view calls.

import { MSG } from '../shared/messages';
import { errorBodySchema } from '../shared/schemas/user';
import { idSchema } from '../shared/validation';

/** The user id several spec calls send: only compared with the session's (DESIGN §4). */
export const claimedUserIdSchema = idSchema(MSG.errors.invalidUserId).optional();

/** Error responses for the given statuses, all with the one error body. */
export const errors = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((s) => [s, errorBodySchema])) as Record<S, typeof errorBodySchema>;

/** Route config of every like/comment/view call: error bodies carry `success: false` (spec §7). */
export const withEnvelope = (auth: 'optional' | 'required') => ({ auth, successEnvelope: true }) as const;

/**
 * The content type of a response a route sends as JSON text it made itself (a cached page checked
 * against its schema when made): Fastify does not serialize a string sent with it.
 */
export const JSON_TYPE = 'application/json; charset=utf-8';
