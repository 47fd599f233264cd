// Response schemas shared by every route: the error body of DESIGN §4 and the public user.
import { z } from 'zod';

export const errorSchema = z.object({
  success: z.literal(false).optional(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

export const publicUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
});

/** Error responses for the given statuses, all with the one error body. */
export const errors = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((s) => [s, errorSchema])) as Record<S, typeof errorSchema>;

export const messageSchema = z.object({ message: z.string() });
