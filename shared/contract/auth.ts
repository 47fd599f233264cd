// Sign-up, sign-in, the session check and sign-out (spec §7, DESIGN §4).
import { z } from 'zod';
import { ROLES } from '../roles';
import { messageSchema, publicUserSchema } from '../schemas/user';
import { loginSchema, signupSchema } from '../validation';
import { area } from './define';

export const loginAnswerSchema = z.object({
  message: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  role: z.enum(ROLES),
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
});
