// Request pieces shared by the like, comment and view routes: id parameters and the signed-in guard.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MSG } from '../../../shared/messages';
import { requireUser } from '../../plugins/session';

const MAX_INT = 2_147_483_647;

/** A positive integer id in the path ("abc", "0" or "1.5" -> 400); ids fit PostgreSQL's integer. */
export const idParam = (message: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number)
    .refine((n) => n <= MAX_INT, message);

export const postIdParams = z.object({ postId: idParam(MSG.postDetail.invalidId) });

/** Route config of every like/comment/view call: error bodies carry `success: false` (spec §7). */
export const envelope = { successEnvelope: true } as const;

/** A preValidation hook: visitors get 401 before their input is even looked at. */
export async function signedInOnly(request: FastifyRequest) {
  requireUser(request);
}

/** The viewer's user id, or null for a visitor. */
export const viewerId = (request: FastifyRequest): number | null => request.session?.user.id ?? null;
