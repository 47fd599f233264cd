// Schemas shared by every route: ids in requests, the error body of DESIGN §4 and the public user.
import { z } from 'zod';
import { MSG } from '../shared/messages';

const INT_MAX = 2_147_483_647;

/**
 * A positive integer id (it fits PostgreSQL's integer), sent as a JSON number or a digit string
 * (query, path, form, multipart). Anything else is a 400 with the one `message` for that kind of id.
 */
export const idSchema = (message: string) =>
  z
    .union(
      [
        z.number(message),
        z
          .string(message)
          .trim()
          .regex(/^\d{1,10}$/, message),
      ],
      { error: message },
    )
    .transform(Number)
    .pipe(z.number().int(message).positive(message).max(INT_MAX, message));

/** The user id several spec calls send: only compared with the session's (DESIGN §4). */
export const claimedUserIdSchema = idSchema(MSG.errors.invalidUserId).optional();

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
