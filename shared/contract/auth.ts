// Sign-up, sign-in, the session check and sign-out (spec §7, DESIGN §4).
import { z } from 'zod';
import { MSG } from '../messages';
import { ROLES } from '../roles';
import { messageSchema, publicUserSchema } from '../schemas/user';
import { loginSchema, newPasswordSchema, signupSchema } from '../validation';
import { area } from './define';

/** A mailed link's token: 32 random bytes, base64url. Anything else cannot be one. */
const oneTimeToken = z.string(MSG.recovery.badLink).regex(/^[A-Za-z0-9_-]{43}$/, MSG.recovery.badLink);

export const loginAnswerSchema = z.object({
  message: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  role: z.enum(ROLES),
  emailVerified: z.boolean(),
});

export const authCalls = area('auth', {
  signup: {
    summary: 'Create an account (does not sign in)',
    body: signupSchema,
    responses: { 201: messageSchema.extend({ user_id: z.number().int() }) },
    errors: [400, 403, 409, 429],
  },
  login: {
    summary: 'Sign in; sets the HttpOnly session cookie',
    body: loginSchema,
    responses: { 200: loginAnswerSchema },
    errors: [400, 401, 403, 429],
  },
  verifyAuth: {
    summary: 'Who is signed in on this session',
    responses: { 200: z.object({ isAuthenticated: z.boolean(), user: publicUserSchema.nullable() }) },
    errors: [],
  },
  logout: {
    summary: 'End this session on the server and clear the cookie',
    responses: { 200: messageSchema },
    errors: [403],
  },
  requestPasswordReset: {
    summary: 'Mail a link to choose a new password: the same 202 whether or not an account has the address',
    description:
      'The link (PUBLIC_URL/reset-password?token=...) works once, for 60 minutes; a newer request voids it. Limited per client address and per address asked for (429 with Retry-After, for known and unknown addresses alike).',
    body: z.object({ email: loginSchema.shape.email }),
    responses: { 202: messageSchema },
    errors: [400, 403, 429],
  },
  confirmPasswordReset: {
    summary: "Set a new password with a reset link's token; ends every session of the account",
    body: z.object({ token: oneTimeToken, newPassword: newPasswordSchema }),
    responses: { 200: messageSchema },
    errors: [400, 403, 429],
  },
  confirmEmail: {
    summary: 'Confirm an email address with the token of the link mailed to it (24 hours, once)',
    body: z.object({ token: oneTimeToken }),
    responses: { 200: messageSchema.extend({ emailVerified: z.literal(true) }) },
    errors: [400, 403, 429],
  },
  resendVerification: {
    summary: "Mail a new confirmation link to the signed-in user's address (409 when it is confirmed)",
    responses: { 202: messageSchema },
    errors: [401, 403, 409, 429],
  },
});
