// Wire shapes of accounts and the error body every call shares (DESIGN §4).
import { z } from 'zod';
import { ROLES } from '../roles';

/** The user as every response shows it: never the password hash. */
export const publicUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  /** 'moderator' shows the moderation screen. */
  role: z.enum(ROLES),
  /** Whether the owner confirmed `email` through the link mailed to it (issue 31). */
  emailVerified: z.boolean(),
});

export const messageSchema = z.object({ message: z.string() });

/** Every error answer; the like, comment and view calls add `success: false`. */
export const errorBodySchema = z.object({
  success: z.literal(false).optional(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
